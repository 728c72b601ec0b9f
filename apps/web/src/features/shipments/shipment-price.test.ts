import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { originsOf, packageTotals, priceErrorMessage, shipmentPriceRequest } from './shipment-price';

const pkg = (over: Partial<Package>): Package => ({
  id: 1,
  hopboxId: 'HBX1',
  shipper: 'Shop',
  packageContent: 'Things',
  receivedDate: '2026-01-01T00:00:00.000Z',
  origin: 'China',
  lockerNumber: 'HB1',
  externalTrackingNumber: null,
  shipmentStatus: 'Not damaged',
  quantity: 1,
  unitPrice: 0,
  totalPrice: 0,
  currency: 'USD',
  description: null,
  notes: null,
  packageWeight: 1,
  unitWeight: 0,
  packageLength: 10,
  packageBreadth: 10,
  packageHeight: 10,
  shipmentId: null,
  photoRequested: false,
  ...over,
});

describe('shipmentPriceRequest', () => {
  it('sums weights, dimensions and quantities and sends country codes, XPS and NOR (SPEC.md section 9)', () => {
    const request = shipmentPriceRequest(
      [
        pkg({ packageWeight: 0.1, packageLength: 18, packageBreadth: 10, packageHeight: 5, quantity: 2 }),
        pkg({ id: 2, packageWeight: 0.2, packageLength: 48, packageBreadth: 18, packageHeight: 6, quantity: 3 }),
      ],
      'United Arab Emirates',
    );
    expect(request).toEqual({
      origin: 'CN',
      destination: 'AE',
      weight: 0.3,
      length: 66,
      breadth: 28,
      height: 11,
      pieces: 5,
      productType: 'XPS',
      serviceType: 'NOR',
    });
  });

  it('keeps a place it has no code for, so the server can say so', () => {
    expect(shipmentPriceRequest([pkg({ origin: 'Atlantis' })], 'Dubai')).toMatchObject({ origin: 'Atlantis', destination: 'DXB' });
  });
});

describe('packageTotals and originsOf', () => {
  it('never prices fewer than one piece', () => {
    expect(packageTotals([]).pieces).toBe(1);
  });
  it('lists each origin once, in order', () => {
    expect(originsOf([pkg({ origin: 'China' }), pkg({ origin: 'United States of America' }), pkg({ origin: 'China' })])).toEqual([
      'China',
      'United States of America',
    ]);
  });
});

describe('priceErrorMessage', () => {
  const m = messages.shipments;
  it('maps failures to SPEC.md section 8 price errors', () => {
    expect(priceErrorMessage(new ApiError({ status: 0, message: 'x' }))).toBe(m.priceNetwork);
    expect(priceErrorMessage(new ApiError({ status: 502, message: m.priceFailed }))).toBe(m.priceFailed);
    expect(priceErrorMessage(new ApiError({ status: 400, message: `${m.priceUnavailable}: No rate from XX to AE` }))).toBe(
      m.priceUnavailable,
    );
    expect(priceErrorMessage(new ApiError({ status: 400, message: 'Weight must be greater than 0' }))).toBe(
      'Weight must be greater than 0',
    );
    expect(priceErrorMessage(new Error('boom'))).toBe(m.priceFailed);
  });
});

import { messages } from '@hopbox/contracts/messages';
import { requestOpenOn } from '@hopbox/contracts/package-request-words';
import type { Package } from '@hopbox/contracts/packages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { originsOf, priceErrorMessage } from './shipment-price';

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
  leftAs: null,
  photoRequested: false,
  requestOpen: false,
  declarationComplete: true,
  storage: { freeUntil: '2026-02-15T00:00:00.000Z', daysLeft: 45, feeAccrued: 0 },
  ...over,
});

describe('originsOf', () => {
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
    expect(
      priceErrorMessage(new ApiError({ status: 400, message: `${m.priceUnavailable}: No rate from XX to AE`, code: 'PRICE_UNAVAILABLE' })),
    ).toBe(m.priceUnavailable);
    expect(priceErrorMessage(new ApiError({ status: 400, message: 'Weight must be greater than 0' }))).toBe(
      'Weight must be greater than 0',
    );
    expect(priceErrorMessage(new Error('boom'))).toBe(m.priceFailed);
  });
  it("shows the server's words for a package the warehouse is working on or that left the locker", () => {
    const open = requestOpenOn(['HBX1']);
    expect(priceErrorMessage(new ApiError({ status: 409, message: open, code: 'REQUEST_OPEN' }))).toBe(open);
    expect(priceErrorMessage(new ApiError({ status: 409, message: 'Gone', code: 'PACKAGE_LEFT' }))).toBe('Gone');
    expect(priceErrorMessage(new ApiError({ status: 409, message: 'Other' }))).toBe(m.priceFailed);
  });
});

describe('priceErrorMessage reads the code, not the text', () => {
  const m = messages.shipments;
  it('treats any PRICE_UNAVAILABLE answer as unavailable, whatever its words', () => {
    expect(priceErrorMessage(new ApiError({ status: 400, message: 'No rate for this lane', code: 'PRICE_UNAVAILABLE' }))).toBe(
      m.priceUnavailable,
    );
  });
  it('shows a validation failure that happens to start with the same words as it is', () => {
    const text = `${m.priceUnavailable} for a weight of 0`;
    expect(priceErrorMessage(new ApiError({ status: 400, message: text, code: 'VALIDATION_FAILED' }))).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { canRefreshTracking, carrierStateOf } from './carrier-state';

const paid = { paymentStatus: 'Paid', shipmentStatus: 'Finalized', awb: null, carrier: null };

describe("a shipment's standing with the carrier", () => {
  it('books a paid shipment that has not left', () => {
    expect(carrierStateOf(paid)).toBe('bookable');
    expect(carrierStateOf({ ...paid, shipmentStatus: 'Processed' })).toBe('bookable');
  });

  it('books nothing unpaid or already gone without a booking', () => {
    expect(carrierStateOf({ ...paid, paymentStatus: 'Unpaid' })).toBe('none');
    expect(carrierStateOf({ ...paid, shipmentStatus: 'Pending' })).toBe('none');
    expect(carrierStateOf({ ...paid, shipmentStatus: 'Shipped' })).toBe('none');
  });

  it('tells a console booking from an AWB typed by hand', () => {
    expect(carrierStateOf({ ...paid, shipmentStatus: 'Processed', awb: 'HSX123', carrier: 'sandbox' })).toBe('booked');
    expect(carrierStateOf({ ...paid, shipmentStatus: 'Shipped', awb: '176-12345678', carrier: null })).toBe('by-hand');
  });

  it('reads tracking of a booked shipment until it is delivered', () => {
    const booked = { ...paid, awb: 'HSX123', carrier: 'sandbox' };
    expect(canRefreshTracking({ ...booked, shipmentStatus: 'Shipped' })).toBe(true);
    expect(canRefreshTracking({ ...booked, shipmentStatus: 'Delivered' })).toBe(false);
    expect(canRefreshTracking({ ...paid, awb: '176-1', shipmentStatus: 'Shipped' })).toBe(false);
  });
});

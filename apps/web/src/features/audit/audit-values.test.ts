import { describe, expect, it } from 'vitest';
import { shownValue } from './audit-values';

/** Issue 26: staff history shows words, not `PENDING → IN_PROGRESS`. */
describe('the history says statuses in words', () => {
  it("says a photo request's and a payment's status in its lifecycle's words", () => {
    expect(shownValue('photo_request', 'status', 'PENDING')).toBe('Pending');
    expect(shownValue('photo_request', 'status', 'IN_PROGRESS')).toBe('In Progress');
    expect(shownValue('payment', 'status', 'NEEDS_ATTENTION')).toBe('Needs attention');
    expect(shownValue('payment', 'status', 'PARTIALLY_REFUNDED')).toBe('Partly refunded');
  });

  it("keeps a shipment's statuses, already words, as they are", () => {
    expect(shownValue('shipment', 'shipmentStatus', 'Finalized')).toBe('Finalized');
    expect(shownValue('shipment', 'consolidationStatus', 'In Progress')).toBe('In Progress');
  });

  it('leaves other fields, and values outside the lifecycle, as they were shown', () => {
    expect(shownValue('package', 'status', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(shownValue('photo_request', 'staffNotes', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(shownValue('photo_request', 'status', 'SOMETHING_ELSE')).toBe('SOMETHING_ELSE');
    expect(shownValue('photo_request', 'status', null)).toBe('—');
    expect(shownValue('shipment', 'readyToShip', true)).toBe('Yes');
  });
});

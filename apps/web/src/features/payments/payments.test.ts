import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { paymentStartFailure } from '@/lib/payment-errors';
import { temporaryShipmentReference } from '@/lib/pending-shipment';
import { parseShipmentIds } from './api/complete-payment';

describe('parseShipmentIds', () => {
  it('turns the check answer’s comma-separated ids into numbers', () => {
    expect(parseShipmentIds('4, 7,9')).toEqual([4, 7, 9]);
    expect(parseShipmentIds('')).toEqual([]);
    expect(parseShipmentIds(undefined)).toEqual([]);
    expect(parseShipmentIds('3,x,-1,2.5')).toEqual([3]);
  });
});

describe('temporaryShipmentReference', () => {
  it('is TEMP_ plus a timestamp (SPEC.md section 9)', () => {
    expect(temporaryShipmentReference(1700000000000)).toBe('TEMP_1700000000000');
  });
});

describe('paymentStartFailure', () => {
  const m = messages.shipments;
  it('says the link failed, with the server’s reason when it gave one', () => {
    expect(paymentStartFailure(new ApiError({ status: 409, message: 'The amount does not match' }))).toEqual({
      title: m.paymentLinkFailed,
      description: 'The amount does not match',
    });
    expect(paymentStartFailure(new ApiError({ status: 502, message: m.paymentGenerateFailed, code: 'UPSTREAM_FAILED' }))).toEqual({
      title: m.paymentLinkFailed,
      description: undefined,
    });
  });
  it('tells the gateway failure apart by its code, not its text', () => {
    // Reworded text, same code: still no repeated reason.
    expect(paymentStartFailure(new ApiError({ status: 502, message: 'The gateway said no', code: 'UPSTREAM_FAILED' }))).toEqual({
      title: m.paymentLinkFailed,
      description: undefined,
    });
    // The gateway text under another code is a reason like any other.
    expect(paymentStartFailure(new ApiError({ status: 409, message: m.paymentGenerateFailed, code: 'CONFLICT' }))).toEqual({
      title: m.paymentLinkFailed,
      description: m.paymentGenerateFailed,
    });
  });
  it('asks to try again when no answer came', () => {
    expect(paymentStartFailure(new ApiError({ status: 0, message: 'offline' }))).toEqual({ title: m.paymentInitFailed });
    expect(paymentStartFailure(new TypeError('x'))).toEqual({ title: m.paymentInitFailed });
  });
});

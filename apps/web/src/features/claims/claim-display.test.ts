import { claimWindow } from '@hopbox/contracts/claims';
import { describe, expect, it } from 'vitest';
import { decisionWords, subjectWords, windowWords } from './claim-display';

const day = (iso: string) => iso.slice(0, 10);
const now = new Date('2026-11-28T12:00:00Z');
const delivered = (deliveredAt: Date) => ({
  kind: 'shipment' as const,
  inLocker: false,
  left: false,
  shipment: { status: 'Delivered', paid: true, shippedAt: new Date('2026-11-01T00:00:00Z'), deliveredAt, lastEventAt: deliveredAt },
});

describe('windowWords', () => {
  it('says until when an open window stays open', () => {
    const window = claimWindow('DAMAGED', delivered(new Date('2026-11-20T09:00:00Z')), now);
    expect(windowWords(window, day)).toEqual({ state: 'open', headline: 'Open until 2026-12-04', reason: null });
  });

  it('says "Open now" for a window with no end', () => {
    const window = claimWindow('WRONG_WEIGHT', { kind: 'package', inLocker: true, left: false, shipment: null }, now);
    expect(windowWords(window, day)).toEqual({ state: 'open', headline: 'Open now', reason: null });
  });

  it('says when a window opens, with the reason', () => {
    const shipped = new Date('2026-11-25T00:00:00Z');
    const facts = {
      kind: 'shipment' as const,
      inLocker: false,
      left: false,
      shipment: { status: 'Shipped', paid: true, shippedAt: shipped, deliveredAt: null, lastEventAt: shipped },
    };
    const words = windowWords(claimWindow('LOST', facts, now), day);
    expect(words.state).toBe('later');
    expect(words.headline).toBe('Opens on 2026-12-05');
    expect(words.reason).toContain('2026-12-05');
  });

  it('says a window not open yet without a date, with the reason', () => {
    const words = windowWords(claimWindow('DAMAGED', { kind: 'package', inLocker: true, left: false, shipment: null }, now), day);
    expect(words).toMatchObject({ state: 'later', headline: 'Not open yet' });
    expect(words.reason).toMatch(/once the shipment is delivered/);
  });

  it("says a closed window is closed, with the API's message", () => {
    const window = claimWindow('DAMAGED', delivered(new Date('2026-11-01T09:00:00Z')), now);
    expect(windowWords(window, day)).toEqual({ state: 'closed', headline: 'Closed', reason: window.message });
  });

  it('says a type that does not apply to the subject, with the reason', () => {
    const words = windowWords(claimWindow('WRONG_WEIGHT', delivered(now), now), day);
    expect(words).toMatchObject({ state: 'closed', headline: 'Does not apply' });
    expect(words.reason).toMatch(/not on a shipment/);
  });
});

describe('subjectWords', () => {
  it('names the package by its ID, else the shipment', () => {
    expect(subjectWords({ hopboxId: 'HBX00012', shipmentRef: 'SHP1' })).toBe('Package HBX00012');
    expect(subjectWords({ hopboxId: null, shipmentRef: 'SHP1' })).toBe('Shipment SHP1');
  });
});

describe('decisionWords', () => {
  const claim = { type: 'DAMAGED' as const, resolution: null, resolvedAmount: null, correctedWeight: null, currency: 'AED' };
  it('says nothing while the claim is open', () => {
    expect(decisionWords({ ...claim, status: 'OPEN' })).toBeNull();
    expect(decisionWords({ ...claim, status: 'NEEDS_INFO' })).toBeNull();
  });

  it('says what an approval gave back', () => {
    expect(decisionWords({ ...claim, status: 'APPROVED', resolution: 'REFUND', resolvedAmount: 150 })).toMatch(
      /refund of 150\.00 AED to the card/,
    );
    expect(decisionWords({ ...claim, status: 'APPROVED', resolution: 'CREDIT', resolvedAmount: 20.5 })).toMatch(
      /credit of 20\.50 AED to your account balance/,
    );
    expect(decisionWords({ ...claim, type: 'WRONG_WEIGHT', status: 'APPROVED', correctedWeight: 1.2 })).toMatch(/re-weighed at 1\.2/);
  });

  it('says a rejection', () => {
    expect(decisionWords({ ...claim, status: 'REJECTED' })).toMatch(/^Rejected/);
  });
});

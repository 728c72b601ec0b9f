import { describe, expect, it } from 'vitest';
import { CLAIM_DECISIONS, staffClaimDecisions } from './claims.ts';
import { CLAIM_LIFECYCLE, CLAIM_STATUSES, canMove } from './lifecycles.ts';

describe("staff's decisions on a claim", () => {
  it('offers an open claim every decision, one that needs information approval or rejection, a decided one none', () => {
    expect(staffClaimDecisions('OPEN')).toEqual(['APPROVED', 'REJECTED', 'NEEDS_INFO']);
    expect(staffClaimDecisions('NEEDS_INFO')).toEqual(['APPROVED', 'REJECTED']);
    expect(staffClaimDecisions('APPROVED')).toEqual([]);
    expect(staffClaimDecisions('REJECTED')).toEqual([]);
  });

  it("never offers a move the lifecycle refuses, nor the customer's answer (back to OPEN)", () => {
    for (const from of CLAIM_STATUSES) {
      for (const to of staffClaimDecisions(from)) expect(canMove(CLAIM_LIFECYCLE, from, to)).toBe(true);
    }
    expect(CLAIM_DECISIONS).not.toContain('OPEN');
  });
});

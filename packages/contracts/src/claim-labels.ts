// No zod here: the claims list and a claim's page read these without the schemas (decision 066).

/** What a claim says went wrong (decision 065). */
export const CLAIM_TYPES = ['LOST', 'DAMAGED', 'MISSING_ITEMS', 'WRONG_WEIGHT'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  LOST: 'Lost',
  DAMAGED: 'Arrived damaged',
  MISSING_ITEMS: 'Items missing',
  WRONG_WEIGHT: 'Wrong weight',
};

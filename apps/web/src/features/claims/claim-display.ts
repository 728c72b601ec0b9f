import type { Claim, ClaimWindow } from '@hopbox/contracts/claims';
import type { ClaimStatus } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { formatKg, formatShortDate } from '@/lib/format';

/** A claim type's window in plain words: open until a date (or open), opens on a date, or closed with the API's reason. */
export interface WindowWords {
  state: 'open' | 'later' | 'closed';
  /** The window itself: "Open until 12 Dec 2026", "Open now", "Opens on 3 Jan 2027", "Not open yet", "Closed", "Does not apply". */
  headline: string;
  /** Why it is not open, as the API says it (the message a claim filed now would answer); null when open. */
  reason: string | null;
}

/** How the claim form says each type's window (decision 066); dates on the reader's calendar. */
export function windowWords(window: ClaimWindow, day: (iso: string) => string = formatShortDate): WindowWords {
  if (window.open) {
    return { state: 'open', headline: window.closesAt ? `Open until ${day(window.closesAt)}` : 'Open now', reason: null };
  }
  if (window.code === 'CLAIM_NOT_YET_OPEN') {
    return { state: 'later', headline: window.opensAt ? `Opens on ${day(window.opensAt)}` : 'Not open yet', reason: window.message };
  }
  const headline = window.code === 'CLAIM_TYPE_NOT_APPLICABLE' ? 'Does not apply' : 'Closed';
  return { state: 'closed', headline, reason: window.message };
}

/** The claim's subject as the customer knows it: "Package HBX00012" or "Shipment SHP1234". */
export function subjectWords(claim: Pick<Claim, 'hopboxId' | 'shipmentRef'>): string {
  if (claim.hopboxId) return `Package ${claim.hopboxId}`;
  return claim.shipmentRef ? `Shipment ${claim.shipmentRef}` : 'Shipment';
}

/** What staff decided, in words; null while the claim is open or waits for the customer. */
export function decisionWords(
  claim: Pick<Claim, 'status' | 'type' | 'resolution' | 'resolvedAmount' | 'correctedWeight' | 'currency'>,
): string | null {
  if (claim.status === 'REJECTED') return 'Rejected: nothing is refunded or credited. The warehouse team says why below.';
  if (claim.status !== 'APPROVED') return null;
  if (claim.type === 'WRONG_WEIGHT') {
    return claim.correctedWeight === null
      ? 'Approved: the package was re-weighed.'
      : `Approved: the package was re-weighed at ${formatKg(claim.correctedWeight)}; its next price follows the new weight.`;
  }
  const amount = claim.resolvedAmount === null ? '' : ` of ${formatMoney(claim.resolvedAmount, claim.currency)}`;
  return claim.resolution === 'CREDIT'
    ? `Approved: a credit${amount} to your account balance.`
    : `Approved: a refund${amount} to the card you paid with.`;
}

/** What an open status means for the customer, under the claim's badge (a decided claim shows its decision). */
export const CLAIM_STATUS_MEANINGS: Record<Extract<ClaimStatus, 'OPEN' | 'NEEDS_INFO'>, string> = {
  OPEN: 'The warehouse team is looking at your claim. We answer here and by mail.',
  NEEDS_INFO: 'The warehouse team needs more from you: answer below, with photos if you have them.',
};

/** A claim waiting for the customer's answer stands out in the list. */
export const needsAnswer = (claim: Pick<Claim, 'status'>) => claim.status === 'NEEDS_INFO';

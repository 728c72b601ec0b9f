import { CLAIM_TYPE_LABELS, type ClaimResolution, type ClaimType } from '@hopbox/contracts/claims';
import { CLAIM_LIFECYCLE, type ClaimStatus, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, detailsBlock, layout, sectionBlock } from '../../providers/mail/templates.ts';

/** A claim as its mail tells it (decision 065). */
export interface DecidedClaim {
  id: number;
  reference: string;
  type: ClaimType;
  status: ClaimStatus;
  /** The package's Hopbox ID or the shipment's reference. */
  about: string;
  amount: number;
  currency: string;
  resolution: ClaimResolution | null;
  resolvedAmount: number | null;
  correctedWeight: number | null;
  message: string;
}

function whatHappened(c: DecidedClaim): string {
  if (c.status === 'NEEDS_INFO') return `We need more from you to decide your claim on ${c.about}. Please answer it in the portal.`;
  if (c.status === 'REJECTED') return `We could not accept your claim on ${c.about}.`;
  if (c.resolution === 'REFUND')
    return `Your claim on ${c.about} is approved: ${formatMoney(c.resolvedAmount, c.currency)} is refunded to the card you paid with.`;
  if (c.resolution === 'CREDIT')
    return `Your claim on ${c.about} is approved: ${formatMoney(c.resolvedAmount, c.currency)} is credited to your account balance.`;
  return `Your claim on ${c.about} is approved: the package now weighs ${c.correctedWeight} kg, and its next price follows.`;
}

/** The customer is told each time staff decide on a claim: a question, an approval (with what came of it) or a refusal. */
export function claimMail(brand: Brand, to: string, firstName: string, c: DecidedClaim): MailMessage {
  const status = statusLabel(CLAIM_LIFECYCLE, c.status);
  const rows: [string, string][] = [
    ['Claim', c.reference],
    ['About', c.about],
    ['What went wrong', CLAIM_TYPE_LABELS[c.type]],
    ['Claimed', formatMoney(c.amount, c.currency)],
    ['Status', status],
  ];
  return layout(
    brand,
    to,
    `Claim ${c.reference}: ${status}`,
    [`Hello ${firstName},`, whatHappened(c), detailsBlock(rows), sectionBlock('From our team', c.message)],
    { label: c.status === 'NEEDS_INFO' ? 'Answer the claim' : 'View the claim', url: `${brand.publicUrl}/claims/${c.id}` },
  );
}

/** A customer's answer to the team's question on a claim, as the team's inbox reads it. */
export interface AnsweredClaim {
  id: number;
  reference: string;
  about: string;
  body: string;
  photos: number;
  customer: { name: string; email: string; lockerNumber: string | null };
}

/** Long answers are quoted in part: the claim's page has the rest. */
const ANSWER_QUOTE_MAX = 1500;

/** To the support team's inbox: the customer answered what staff asked (NEEDS_INFO), and the claim waits for a decision again. */
export function claimAnsweredMail(brand: Brand, to: string, c: AnsweredClaim): MailMessage {
  const from = `${c.customer.name}${c.customer.lockerNumber ? ` (locker ${c.customer.lockerNumber})` : ''}`;
  const body = c.body.length > ANSWER_QUOTE_MAX ? `${c.body.slice(0, ANSWER_QUOTE_MAX)}…` : c.body;
  return layout(
    brand,
    to,
    `Claim ${c.reference} answered by ${c.customer.name}`,
    [
      `${from} answered your question on claim ${c.reference} (${c.about}); it is open again and waits for a decision.`,
      sectionBlock('Their answer', body),
      c.photos === 0 ? '' : `${c.photos === 1 ? 'One photo is' : `${c.photos} photos are`} with the claim.`,
      `Decide in the console: the customer is mailed the decision. Their email is ${c.customer.email}.`,
    ].filter(Boolean),
    { label: 'Decide in the console', url: `${brand.publicUrl}/staff/claims/${c.id}` },
  );
}

import { z } from 'zod';
import { CLAIM_TYPE_LABELS, CLAIM_TYPES, type ClaimType } from './claim-labels.ts';
import { DEFAULT_CURRENCY } from './constants.ts';
import { declarationItemSchema } from './declarations.ts';
import { idOf } from './ids.ts';
import { CLAIM_LIFECYCLE, CLAIM_STATUSES, type ClaimStatus, statusLabel } from './lifecycles.ts';
import { formatMoney } from './money.ts';
import { moneySchema, receivePackageSchema } from './packages.ts';
import { pageQuerySchema, pageSizeQuerySchema } from './pages.ts';
import { attachmentSchema, PHOTO_MAX_FILES, staffPhotoRequestSchema } from './photo-requests.ts';
import { trackingEventSchema } from './shipments.ts';
import { requiredString } from './validation.ts';

/**
 * Claims (issue "When it goes wrong", decision 065): a customer's claim that a package or shipment was lost, arrived
 * damaged or with items missing, or was weighed wrong; staff decide it beside the evidence the product holds, and an
 * approval refunds, credits the account balance or re-weighs the package.
 */

// The types, their labels and the photo path live where screens without the schemas read them (decision 066).
export { CLAIM_TYPE_LABELS, CLAIM_TYPES, type ClaimType } from './claim-labels.ts';
export { claimPhotoPath } from './claim-path.ts';

/** How long after delivery a damaged parcel or missing items may be claimed. */
export const CLAIM_DELIVERED_DAYS = 14;
/** A shipped parcel with no tracking news for this many days may be claimed lost. */
export const CLAIM_LOST_QUIET_DAYS = 10;
/** ...and any shipped parcel not delivered this many days after it shipped. */
export const CLAIM_LOST_SHIPPED_DAYS = 45;

export const CLAIM_DESCRIPTION_MAX = 2000;
export const CLAIM_MESSAGE_MAX = 2000;
/** The photos a claim or an answer takes at once: the photo upload limit. */
export const CLAIM_PHOTOS_MAX = PHOTO_MAX_FILES;
/** No claim comes near it; it keeps a typo from being claimed. */
export const CLAIM_AMOUNT_MAX = 1_000_000;
/** Claims are made, refunded and credited in the currency shipments are paid in and the balance is kept in. */
export const CLAIM_CURRENCY = DEFAULT_CURRENCY;

export const CLAIM_RESOLUTIONS = ['REFUND', 'CREDIT'] as const;
export type ClaimResolution = (typeof CLAIM_RESOLUTIONS)[number];

/** The claim's reference, as the customer, the mails and the balance's entry name it. */
export const claimReference = (id: number) => `CLM${String(id).padStart(6, '0')}`;

const DAY_MS = 86_400_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
const day = (at: Date) => at.toISOString().slice(0, 10);

const typeList = CLAIM_TYPES.join(', ');

/** Every user-facing message of claims. */
export const claimMessages = {
  typeRequired: `Choose what went wrong: one of ${typeList}`,
  subjectRequired: 'Say which package or shipment the claim is about (packageId or shipmentId, not both)',
  descriptionRequired: 'Describe what went wrong',
  descriptionTooLong: `The description can be at most ${CLAIM_DESCRIPTION_MAX} characters`,
  messageRequired: 'Write a message for the customer',
  replyRequired: 'Write your answer',
  messageTooLong: `A message can be at most ${CLAIM_MESSAGE_MAX} characters`,
  currency: `Claims are made in ${CLAIM_CURRENCY}`,
  amountTooLarge: `Amount can be at most ${CLAIM_AMOUNT_MAX}`,
  amountRequired: 'Amount must be more than zero',
  /** The amount claimed is more than the claim may be for. */
  amountOverCap: (cap: number, currency: string) =>
    `You can claim at most ${formatMoney(cap, currency)}: the declared value of the goods and what was paid for the shipment`,
  wrongWeightOverPaid: (cap: number, currency: string) =>
    `A wrong weight is claimed for at most what was paid for the shipment (${formatMoney(cap, currency)})`,
  packageNotFound: 'Package not found',
  shipmentNotFound: 'Shipment not found',
  claimNotFound: 'Claim not found',
  photoNotFound: 'Photo not found',
  claimOpen: 'This has an open claim already: add to it, or wait until it is decided',
  notAPhoto: 'Upload photos as JPEG, PNG or WebP images',
  /** A move the lifecycle does not allow, naming both ends. */
  invalidMove: (from: ClaimStatus, to: ClaimStatus) =>
    `A claim that is ${statusLabel(CLAIM_LIFECYCLE, from)} cannot be moved to ${statusLabel(CLAIM_LIFECYCLE, to)}`,
  replyNotAsked: 'The warehouse has not asked anything about this claim: your answer can be sent once it does',
  resolutionRequired: 'Approve with a refund (REFUND) or a credit to the account balance (CREDIT)',
  resolutionOnlyOnApproval: 'A resolution is given only with APPROVED',
  weightRequired: 'Give the corrected weight to approve a wrong weight',
  noResolutionForWeight: 'A wrong weight is approved by re-weighing the package: give the corrected weight, not a refund or a credit',
  weightOnlyForWrongWeight: 'Only a wrong weight claim takes a corrected weight',
  resolutionAmountOverClaim: (claimed: number, currency: string) =>
    `The amount approved can be at most what was claimed (${formatMoney(claimed, currency)})`,
  refundOverPaid: (left: number, currency: string) =>
    `A refund can be at most what is left of what was paid for the shipment (${formatMoney(left, currency)})`,
  nothingPaid: 'Nothing was paid for this by card: approve a credit to the account balance instead',
  deciding: 'Another member of staff is deciding this claim right now',
  weightNotChangeable: 'The package is paid for or being paid: its weight can no longer change',
  /** Windows. */
  notForShipment: 'A wrong weight is claimed on the package that was weighed, not on a shipment',
  notDelivered: 'A damaged parcel or missing items can be claimed once the shipment is delivered',
  deliveredClosed: (closedOn: string) =>
    `Damage and missing items could be claimed for ${CLAIM_DELIVERED_DAYS} days after delivery: that closed on ${closedOn}`,
  notShipped: `A parcel can be claimed lost once it has shipped and had no tracking news for ${CLAIM_LOST_QUIET_DAYS} days`,
  lostOpensOn: (opensOn: string) =>
    `A parcel can be claimed lost after ${CLAIM_LOST_QUIET_DAYS} days without tracking news, or ${CLAIM_LOST_SHIPPED_DAYS} days after it shipped: from ${opensOn}`,
  lostDelivered: 'This shipment was delivered: claim damage or missing items instead',
  weightPaid: 'A wrong weight can be claimed while the package is in the locker or before its shipment is paid: it is paid now',
  packageLeft: 'This package has left the locker: its weight can no longer be claimed',
} as const;
const m = claimMessages;

/** The window codes a claim outside its window answers with (409), and the screens switch on. */
export type ClaimWindowCode = 'CLAIM_NOT_YET_OPEN' | 'CLAIM_WINDOW_CLOSED' | 'CLAIM_TYPE_NOT_APPLICABLE';

/** What a claim's window is decided from: the package's place, and its shipment's progress. */
export interface ClaimFacts {
  kind: 'package' | 'shipment';
  /** A package waiting in its locker (for a shipment: false). */
  inLocker: boolean;
  /** A package that left the locker by a request (returned, discarded, split). */
  left: boolean;
  /** The shipment the package is in, or the shipment claimed on. */
  shipment: {
    status: string;
    paid: boolean;
    shippedAt: Date | null;
    deliveredAt: Date | null;
    /** The newest tracking event the carrier reported. */
    lastEventAt: Date | null;
  } | null;
}

export interface ClaimWindow {
  type: ClaimType;
  label: string;
  open: boolean;
  /** When it opens (not yet open) or closes (open with an end), as an ISO date-time; null when it has none. */
  opensAt: string | null;
  closesAt: string | null;
  /** Why it is not open: the code and message a claim filed now would answer. */
  code: ClaimWindowCode | null;
  message: string | null;
}

const shut = (type: ClaimType, code: ClaimWindowCode, message: string, opensAt: Date | null = null): ClaimWindow => ({
  type,
  label: CLAIM_TYPE_LABELS[type],
  open: false,
  opensAt: opensAt?.toISOString() ?? null,
  closesAt: null,
  code,
  message,
});
const open = (type: ClaimType, closesAt: Date | null = null): ClaimWindow => ({
  type,
  label: CLAIM_TYPE_LABELS[type],
  open: true,
  opensAt: null,
  closesAt: closesAt?.toISOString() ?? null,
  code: null,
  message: null,
});

/**
 * Whether a claim of `type` may be filed now, and if not why and until when (decision 065): damaged or missing items
 * within CLAIM_DELIVERED_DAYS of delivery; lost once a shipped parcel had no tracking news for CLAIM_LOST_QUIET_DAYS,
 * or CLAIM_LOST_SHIPPED_DAYS after it shipped; wrong weight while the package is in the locker or its shipment unpaid.
 */
export function claimWindow(type: ClaimType, facts: ClaimFacts, now: Date): ClaimWindow {
  const s = facts.shipment;
  if (type === 'WRONG_WEIGHT') {
    if (facts.kind === 'shipment') return shut(type, 'CLAIM_TYPE_NOT_APPLICABLE', m.notForShipment);
    if (facts.left) return shut(type, 'CLAIM_WINDOW_CLOSED', m.packageLeft);
    if (facts.inLocker || (s && !s.paid)) return open(type);
    return shut(type, 'CLAIM_WINDOW_CLOSED', m.weightPaid);
  }
  if (type === 'LOST') {
    if (s?.status === 'Delivered') return shut(type, 'CLAIM_WINDOW_CLOSED', m.lostDelivered);
    if (s?.status !== 'Shipped' || !s.shippedAt) return shut(type, 'CLAIM_NOT_YET_OPEN', m.notShipped);
    const quietSince = s.lastEventAt && s.lastEventAt > s.shippedAt ? s.lastEventAt : s.shippedAt;
    const byQuiet = addDays(quietSince, CLAIM_LOST_QUIET_DAYS);
    const byAge = addDays(s.shippedAt, CLAIM_LOST_SHIPPED_DAYS);
    const opensAt = byQuiet < byAge ? byQuiet : byAge;
    return now >= opensAt ? open(type) : shut(type, 'CLAIM_NOT_YET_OPEN', m.lostOpensOn(day(opensAt)), opensAt);
  }
  if (s?.status !== 'Delivered' || !s.deliveredAt) return shut(type, 'CLAIM_NOT_YET_OPEN', m.notDelivered);
  const closesAt = addDays(s.deliveredAt, CLAIM_DELIVERED_DAYS);
  return now <= closesAt ? open(type, closesAt) : shut(type, 'CLAIM_WINDOW_CLOSED', m.deliveredClosed(day(closesAt)));
}

const amountSchema = moneySchema('Amount').pipe(z.number().max(CLAIM_AMOUNT_MAX, m.amountTooLarge));
const descriptionSchema = requiredString(m.descriptionRequired).max(CLAIM_DESCRIPTION_MAX, m.descriptionTooLong);

/** The customer's claim: about a package or a shipment (the `id` the received and sent lists give), never both. */
export const claimInputSchema = z
  .object({
    packageId: idOf(m.packageNotFound).optional(),
    shipmentId: idOf(m.shipmentNotFound).optional(),
    type: z.enum(CLAIM_TYPES, { error: m.typeRequired }),
    description: descriptionSchema,
    amount: amountSchema,
    currency: z.literal(CLAIM_CURRENCY, { error: m.currency }).default(CLAIM_CURRENCY),
  })
  .refine((c) => (c.packageId === undefined) !== (c.shipmentId === undefined), { message: m.subjectRequired, path: ['packageId'] });
export type ClaimInput = z.output<typeof claimInputSchema>;

/** GET /api/user/claims/eligibility: the windows of one package or shipment of the customer's. */
export const claimEligibilityQuerySchema = z
  .object({ packageId: idOf(m.packageNotFound).optional(), shipmentId: idOf(m.shipmentNotFound).optional() })
  .refine((c) => (c.packageId === undefined) !== (c.shipmentId === undefined), { message: m.subjectRequired, path: ['packageId'] });

/** The customer's answer to NEEDS_INFO: text, and photos beside it in a multipart form. */
export const claimReplySchema = z.object({
  message: requiredString(m.replyRequired).max(CLAIM_MESSAGE_MAX, m.messageTooLong),
});

/** What staff may decide: a claim's moves that are staff's (OPEN back from NEEDS_INFO is the customer's answer). */
export const CLAIM_DECISIONS = ['APPROVED', 'REJECTED', 'NEEDS_INFO'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
const DECISIONS = CLAIM_DECISIONS;

/** How the console names each decision, and what it says once made. */
export const CLAIM_DECISION_LABELS: Record<ClaimDecision, string> = {
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  NEEDS_INFO: 'Ask for more information',
};
export const CLAIM_DECIDED: Record<ClaimDecision, string> = {
  APPROVED: 'Claim approved',
  REJECTED: 'Claim rejected',
  NEEDS_INFO: 'Question sent to the customer',
};
/** How an approved loss is paid back, as staff choose it and the customer reads it. */
export const CLAIM_RESOLUTION_LABELS: Record<ClaimResolution, string> = {
  REFUND: 'Refund to the card paid with',
  CREDIT: 'Credit to the account balance',
};

/** The decisions CLAIM_LIFECYCLE allows staff from `status`, in the order a screen offers them; none once final. */
export const staffClaimDecisions = (status: ClaimStatus): ClaimDecision[] =>
  CLAIM_DECISIONS.filter((to) => CLAIM_LIFECYCLE.transitions[status].includes(to));

/** Staff's decision; what it must carry for the claim's type is checked by the service. */
export const staffClaimUpdateSchema = z
  .object({
    status: z.enum(DECISIONS, { error: `Status must be one of: ${DECISIONS.join(', ')}` }),
    resolution: z.enum(CLAIM_RESOLUTIONS, { error: m.resolutionRequired }).optional(),
    /** What is refunded or credited; the amount claimed when left out. */
    amount: amountSchema.refine((v) => v > 0, m.amountRequired).optional(),
    /** A wrong weight approved: the package's corrected weight in kg. */
    weight: receivePackageSchema.shape.packageWeight.optional(),
    message: requiredString(m.messageRequired).max(CLAIM_MESSAGE_MAX, m.messageTooLong),
  })
  .refine((u) => u.status === 'APPROVED' || u.resolution === undefined, { message: m.resolutionOnlyOnApproval, path: ['resolution'] });
export type StaffClaimUpdate = z.output<typeof staffClaimUpdateSchema>;

export const staffClaimsQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  pageSize: pageSizeQuerySchema.optional(),
  status: z.enum(CLAIM_STATUSES, { error: `Status must be one of: ${CLAIM_STATUSES.join(', ')}` }).optional(),
});

/** A photo of a claim or of an answer: read by its customer or staff. */
export const claimPhotoSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type ClaimPhoto = z.infer<typeof claimPhotoSchema>;

/** A message on a claim: staff's word with each decision, the customer's answers. */
export const claimMessageSchema = z.object({
  from: z.enum(['customer', 'staff']),
  body: z.string(),
  /** The status the claim moved to with it. */
  status: z.enum(CLAIM_STATUSES),
  photos: z.array(claimPhotoSchema),
  createdAt: z.string(),
});

export const claimSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: z.enum(CLAIM_TYPES),
  status: z.enum(CLAIM_STATUSES),
  /** The package claimed on (its database id and Hopbox ID), or null for a claim on a shipment. */
  packageId: z.number().int().nullable(),
  hopboxId: z.string().nullable(),
  /** The shipment claimed on, or the shipment the package is in (its database id and reference). */
  shipmentId: z.number().int().nullable(),
  shipmentRef: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  resolution: z.enum(CLAIM_RESOLUTIONS).nullable(),
  /** What was refunded or credited. */
  resolvedAmount: z.number().nullable(),
  /** A wrong weight approved: the weight the package has since. */
  correctedWeight: z.number().nullable(),
  photos: z.array(claimPhotoSchema),
  messages: z.array(claimMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

export const staffClaimSchema = claimSchema.extend({ customerName: z.string(), lockerNumber: z.string() });
export type StaffClaim = z.infer<typeof staffClaimSchema>;

/** What the product already knows of each package claimed on: how it arrived, its photos and its declaration. */
export const claimPackageEvidenceSchema = z.object({
  id: z.number().int(),
  hopboxId: z.string(),
  packageContent: z.string(),
  /** Its condition at receipt (SPEC.md's `shipmentStatus`: Not damaged, Damaged, Prohibited Item). */
  condition: z.string(),
  packageWeight: z.number(),
  /** The shelf or bin it sits on, or sat on before it left (decision 053); null when it was never shelved. */
  location: z.string().nullable(),
  receivedAt: z.string(),
  receiptPhotos: z.array(attachmentSchema),
  /** The customer's photo requests of it, each with the photos staff took. */
  photoRequests: z.array(staffPhotoRequestSchema.extend({ photos: z.array(attachmentSchema) })),
  declaration: z.array(declarationItemSchema),
});

export const claimShipmentEvidenceSchema = z.object({
  id: z.number().int(),
  shipmentId: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  amount: z.number().nullable(),
  awb: z.string().nullable(),
  /** The packed box of a consolidation, as staff recorded it. */
  packedBox: z
    .object({ packedWeight: z.number(), packedLength: z.number(), packedBreadth: z.number(), packedHeight: z.number() })
    .nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The carrier's tracking timeline, newest first. */
  events: z.array(trackingEventSchema),
});

export const staffClaimDetailSchema = staffClaimSchema.extend({
  evidence: z.object({ packages: z.array(claimPackageEvidenceSchema), shipment: claimShipmentEvidenceSchema.nullable() }),
});
export type StaffClaimDetail = z.infer<typeof staffClaimDetailSchema>;

export const claimWindowSchema = z.object({
  type: z.enum(CLAIM_TYPES),
  label: z.string(),
  open: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  code: z.enum(['CLAIM_NOT_YET_OPEN', 'CLAIM_WINDOW_CLOSED', 'CLAIM_TYPE_NOT_APPLICABLE']).nullable(),
  message: z.string().nullable(),
});

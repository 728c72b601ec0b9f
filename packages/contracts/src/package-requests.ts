import { z } from 'zod';
import { attachedFileSchema } from './attached-file.ts';
import { DEFAULT_CURRENCY } from './constants.ts';
import { idOf } from './ids.ts';
import { PACKAGE_REQUEST_LIFECYCLE, PACKAGE_REQUEST_STATUSES, type PackageRequestStatus, statusLabel } from './lifecycles.ts';
import { formatMoney } from './money.ts';
import { PACKAGE_REQUEST_TYPE_LABELS, PACKAGE_REQUEST_TYPES, type PackageRequestType, requestOpenOn } from './package-request-words.ts';
import { moneySchema, receivePackageSchema } from './packages.ts';
import { pageQuerySchema, pageSizeQuerySchema } from './pages.ts';
import { attachmentSchema, PHOTO_MAX_FILES } from './photo-requests.ts';
import { optionalText, requiredString } from './validation.ts';

/**
 * Package requests (issue "When it goes wrong", decision 061): work the customer asks the warehouse to do on a
 * package in the locker, for a fee fixed when asked. Staff do it from a queue; DONE applies its effect.
 */

export { PACKAGE_REQUEST_TYPE_LABELS, PACKAGE_REQUEST_TYPES, type PackageRequestType } from './package-request-words.ts';

/**
 * What each request costs at a host that set no fee of its own, in AED (money travels as decimals, decision 047).
 * Admins set each host's fees; the fee is read when the customer asks and kept on the request.
 */
export const DEFAULT_PACKAGE_REQUEST_FEES: Record<PackageRequestType, number> = {
  REPACK: 20,
  REMOVE_PACKAGING: 10,
  SPLIT: 25,
  RETURN_TO_SENDER: 35,
  DISCARD: 15,
};
/** The highest fee an admin may set: a service fee, not a shipment's price. */
export const PACKAGE_REQUEST_FEE_MAX = 10_000;

export const PACKAGE_REQUEST_NOTES_MAX = 1000;
export const PACKAGE_REQUEST_STAFF_NOTES_MAX = 2000;
/** A split makes at least two parcels (one would be a repack) and at most this many. */
export const SPLIT_PARCELS_MIN = 2;
export const SPLIT_PARCELS_MAX = 10;

/**
 * Photos of the work (decision 069): BEFORE come with taking a request (IN_PROGRESS), AFTER with finishing it (DONE),
 * at most PHOTO_MAX_FILES with each move.
 */
export const PACKAGE_REQUEST_PHOTO_PHASES = ['BEFORE', 'AFTER'] as const;
export type PackageRequestPhotoPhase = (typeof PACKAGE_REQUEST_PHOTO_PHASES)[number];
export const PACKAGE_REQUEST_PHOTO_PHASE_OF: Partial<Record<PackageRequestStatus, PackageRequestPhotoPhase>> = {
  IN_PROGRESS: 'BEFORE',
  DONE: 'AFTER',
};
/** The types whose finish needs a photo of the package as it is now: the customer pays shipping on a box they cannot see otherwise. */
export const PACKAGE_REQUEST_AFTER_PHOTO_REQUIRED: readonly PackageRequestType[] = ['REPACK', 'REMOVE_PACKAGING'];

/** The request types whose DONE takes the package out of the locker, and how it leaves. */
export const PACKAGE_REQUEST_LEAVES_AS = { SPLIT: 'SPLIT', RETURN_TO_SENDER: 'RETURNED', DISCARD: 'DISCARDED' } as const;

/**
 * The request types whose fee is paid before the warehouse acts (decision 068), from the account balance or by card:
 * the package leaves and no shipment will carry the fee. The others' fees go on the package's next shipment.
 */
export const PACKAGE_REQUEST_PAID_FIRST: readonly PackageRequestType[] = ['RETURN_TO_SENDER', 'DISCARD'];

/**
 * What is left to pay before the warehouse acts on a request: its fee while it waits (REQUESTED) unpaid, for a type
 * paid first; nothing once paid, for a free one, or for one already taken, finished, refused or withdrawn.
 */
export function amountDueOf(request: { type: PackageRequestType; status: PackageRequestStatus; fee: number; paidAt: unknown }) {
  const due = PACKAGE_REQUEST_PAID_FIRST.includes(request.type) && request.status === 'REQUESTED' && !request.paidAt;
  return due && request.fee > 0 ? request.fee : 0;
}

const typeList = PACKAGE_REQUEST_TYPES.join(', ');
const statusList = ['IN_PROGRESS', 'DONE', 'REJECTED'].join(', ');

/** Every user-facing message of package requests. */
export const packageRequestMessages = {
  typeRequired: `Choose what to do with the package: one of ${typeList}`,
  notesTooLong: `Notes can be at most ${PACKAGE_REQUEST_NOTES_MAX} characters`,
  staffNotesTooLong: `Notes can be at most ${PACKAGE_REQUEST_STAFF_NOTES_MAX} characters`,
  statusRequired: `Status must be one of: ${statusList}`,
  requestOpen: 'This package already has a request in progress: wait until the warehouse finishes it',
  /** A shipment, payment or price of packages with a request still open. */
  requestOpenOn,
  requestNotFound: 'Request not found',
  packageNotFound: 'Package not found',
  packageLeft: 'This package has left the locker: nothing more can be done with it',
  labelRequired: "Upload the retailer's return label (a PDF or an image) to return the package to its sender",
  labelOnlyForReturn: 'Only a return to sender takes a label',
  oneLabel: 'Upload one return label',
  notALabel: 'Upload the return label as a PDF or an image (JPEG, PNG or WebP)',
  labelNotFound: 'Return label not found',
  /** DONE without what the work produced. */
  resultRequired: (type: PackageRequestType) => `Record what "${PACKAGE_REQUEST_TYPE_LABELS[type]}" produced before marking it done`,
  parcelsCount: `A split makes ${SPLIT_PARCELS_MIN} to ${SPLIT_PARCELS_MAX} parcels`,
  carrierRequired: 'Carrier is required',
  trackingNumberRequired: 'Tracking number is required',
  /** A move the lifecycle does not allow, naming both ends. */
  invalidMove: (from: PackageRequestStatus, to: PackageRequestStatus) =>
    `A request that is ${statusLabel(PACKAGE_REQUEST_LIFECYCLE, from)} cannot be moved to ${statusLabel(PACKAGE_REQUEST_LIFECYCLE, to)}`,
  hostNotFound: 'Host not found',
  typeUnknown: `Request type must be one of: ${typeList}`,
  photosOnlyWithWork: 'Photos come with taking or finishing a request, not with refusing it',
  afterPhotoRequired: 'Add a photo of the package as it is now before marking it done: the customer sees the box they pay shipping on',
  parcelPhotos: "Add one photo of each parcel, in the order of the parcels: it becomes the parcel's receipt photo",
  tooManyPhotos: `At most ${PHOTO_MAX_FILES} images can be uploaded at once`,
  notAPhoto: 'Upload photos as JPEG, PNG or WebP images',
  photoNotFound: 'Photo not found',
  /** Editing a package or asking photos of it while a request on it is open. */
  packageBusy:
    'The warehouse is working on this package for the service you asked for: edit it or ask for photos once that is done or refused',
  /** Staff take or finish a return or discard whose fee the customer has not paid (409 REQUEST_FEE_UNPAID). */
  feeUnpaid: "The customer has not paid this request's fee yet: it can be taken or finished once paid, or refused now",
  /** A payment of a request with nothing to pay: free, paid already, or no longer waiting. */
  nothingToPay: 'This request has nothing left to pay',
  /** The browser's amount is not what is left to pay of the fee. */
  feeAmountMismatch: (fee: number, currency: string) =>
    `The amount does not match this request's fee (${formatMoney(fee, currency)}). Please review it and pay again.`,
  /** The customer withdraws a request the warehouse took, or whose fee is paid. */
  /** A request's fee captured after the request was refused or withdrawn: staff give it back. */
  feeNotApplied: (reference: string) =>
    `Your payment was received but the request was no longer waiting for it. Please contact support with the payment reference ${reference}.`,
  cannotWithdraw: 'Only a request the warehouse has not started and whose fee is not paid can be withdrawn',
} as const;
const m = packageRequestMessages;

/**
 * What a move's photos lack, or null: a refusal takes none; finishing a repack or removed packaging needs at least one
 * after photo; finishing a split one photo per parcel, in the parcels' order. `parcels` is the split's parcel count.
 */
export function requestPhotoProblem(type: PackageRequestType, to: PackageRequestStatus, photos: number, parcels = 0): string | null {
  const phase = PACKAGE_REQUEST_PHOTO_PHASE_OF[to];
  if (!phase) return photos > 0 ? m.photosOnlyWithWork : null;
  if (photos > PHOTO_MAX_FILES) return m.tooManyPhotos;
  if (phase !== 'AFTER') return null;
  if (type === 'SPLIT') return photos === parcels ? null : m.parcelPhotos;
  if (PACKAGE_REQUEST_AFTER_PHOTO_REQUIRED.includes(type) && photos === 0) return m.afterPhotoRequired;
  return null;
}

/** What each service does, as the customer chooses it. */
export const PACKAGE_REQUEST_TYPE_HINTS: Record<PackageRequestType, string> = {
  REPACK: 'We move the contents into the smallest safe box: a lighter, smaller parcel costs less to ship.',
  REMOVE_PACKAGING: 'We take off shoe boxes and retail cartons and keep the items protected.',
  SPLIT: 'We divide the package into separate parcels, as you describe in the notes.',
  RETURN_TO_SENDER: "We send the package back with the retailer's prepaid return label you upload.",
  DISCARD: 'We dispose of the package. It cannot be undone.',
};

/** The request types whose DONE takes the package out of the locker: the customer confirms before asking. */
export const PACKAGE_REQUEST_LEAVES_LOCKER: readonly PackageRequestType[] = ['SPLIT', 'RETURN_TO_SENDER', 'DISCARD'];

/** Each status, to the customer: what is happening to the request. */
export const PACKAGE_REQUEST_STATUS_MEANINGS: Record<PackageRequestStatus, string> = {
  REQUESTED: 'Waiting for the warehouse to start',
  IN_PROGRESS: 'The warehouse is working on it',
  DONE: 'The warehouse finished it',
  REJECTED: 'The warehouse refused it: the package is unchanged',
  CANCELLED: 'You withdrew it: the package is unchanged',
};

/** What the request screens say (the customer's dialog and progress, the staff queue, the fee table). */
export const packageRequestWords = {
  created: (type: PackageRequestType) => `${PACKAGE_REQUEST_TYPE_LABELS[type]}: request sent to the warehouse`,
  confirmLeave: {
    RETURN_TO_SENDER: 'Once the warehouse returns it, the package leaves your locker for good and cannot be shipped to you.',
    DISCARD: 'Once the warehouse discards it, the package is gone for good: it cannot be shipped or returned.',
    SPLIT: 'Once split, this package is replaced in your locker by the new parcels, each with its own ID.',
  } as Partial<Record<PackageRequestType, string>>,
  /** Package Details' Services section of a package in the locker that never had a request. */
  intro:
    'Repack it in a smaller box, remove retail packaging, split it, return it to its sender or discard it. The fee is shown before you ask.',
  noneAsked: 'No services were asked for this package.',
  waitsNotice: 'The package cannot be shipped until the warehouse finishes or refuses the request.',
  splitHint: 'For example: "the shoes in one parcel, the two shirts in another".',
  splitNotesRequired: 'Describe the parcels you want: which items go together',
  moved: { IN_PROGRESS: 'Request taken', DONE: 'Request done', REJECTED: 'Request refused' } as Partial<
    Record<PackageRequestStatus, string>
  >,
  discardWarning: 'The package leaves the locker for good once it is marked done.',
  rejectNoteRequired: 'Say why the request is refused: the customer reads it',
  photoStrips: { BEFORE: 'Before', AFTER: 'After' } as Record<PackageRequestPhotoPhase, string>,
  beforePhotos: 'Photos before the work (optional)',
  afterPhotos: 'Photos of the package as it is now',
  afterPhotosOptional: 'Photos of the work (optional)',
  parcelPhoto: (n: number) => `Photo of parcel ${n}`,
  feeSaved: 'Fee saved',
  /** A return or discard waiting for its fee (decision 068). */
  feeUnpaid: 'Fee unpaid',
  feeUnpaidHint: 'The warehouse starts once the fee is paid. Until then you can withdraw the request.',
  payFee: (fee: number, currency: string) => `Pay ${formatMoney(fee, currency)}`,
  payTitle: 'Pay the request fee',
  feePaid: (at: string) => `Fee paid ${at}`,
  withdraw: 'Withdraw request',
  withdrawConfirm: 'Withdraw this request? Nothing is charged and the package stays in your locker.',
  withdrawn: 'Request withdrawn',
  /** The staff queue's mark of a return or discard not paid yet. */
  awaitingPayment: 'Awaiting payment',
  /** The receipt's line for a request's fee. */
  feeLine: (type: PackageRequestType, hopboxId: string) => `${PACKAGE_REQUEST_TYPE_LABELS[type]} (${hopboxId})`,
} as const;

/** The customer's request: what to do, and a note for the warehouse (a return's label comes as a file beside it). */
export const packageRequestInputSchema = z.object({
  type: z.enum(PACKAGE_REQUEST_TYPES, { error: m.typeRequired }),
  notes: optionalText(PACKAGE_REQUEST_NOTES_MAX, m.notesTooLong),
});
export type PackageRequestInput = z.output<typeof packageRequestInputSchema>;

/** After a repack or removed packaging: the package's new weight and size, by the receiving form's rules. */
export const measuredResultSchema = receivePackageSchema.pick({
  packageWeight: true,
  packageLength: true,
  packageBreadth: true,
  packageHeight: true,
});
/** One parcel a split made, weighed and measured as a package received. */
export const splitParcelSchema = receivePackageSchema.pick({
  packageContent: true,
  packageWeight: true,
  packageLength: true,
  packageBreadth: true,
  packageHeight: true,
});
export const splitResultSchema = z.object({
  parcels: z
    .array(splitParcelSchema, { error: m.parcelsCount })
    .min(SPLIT_PARCELS_MIN, m.parcelsCount)
    .max(SPLIT_PARCELS_MAX, m.parcelsCount),
});
export const returnResultSchema = z.object({
  carrier: requiredString(m.carrierRequired).max(60),
  trackingNumber: requiredString(m.trackingNumberRequired).max(100),
});

/** What DONE must record for each type; a discard records nothing. */
export const PACKAGE_REQUEST_RESULTS = {
  REPACK: measuredResultSchema,
  REMOVE_PACKAGING: measuredResultSchema,
  SPLIT: splitResultSchema,
  RETURN_TO_SENDER: returnResultSchema,
  DISCARD: null,
} as const satisfies Record<PackageRequestType, z.ZodType | null>;
export type MeasuredResult = z.output<typeof measuredResultSchema>;
export type SplitResult = z.output<typeof splitResultSchema>;
export type ReturnResult = z.output<typeof returnResultSchema>;
export type PackageRequestResult = MeasuredResult | SplitResult | ReturnResult;

/** A result as stored and answered: with a split, the Hopbox IDs of the parcels it made. */
const resultAnswerSchema = z
  .union([
    z.object({ parcels: z.array(splitParcelSchema.extend({ hopboxId: z.string().optional() })) }),
    returnResultSchema,
    measuredResultSchema,
  ])
  .nullable();

/** Staff's move of a request; `result` is checked against the request's type (PACKAGE_REQUEST_RESULTS). */
export const staffPackageRequestUpdateSchema = z.object({
  status: z.enum(['IN_PROGRESS', 'DONE', 'REJECTED'], { error: m.statusRequired }),
  notes: optionalText(PACKAGE_REQUEST_STAFF_NOTES_MAX, m.staffNotesTooLong).optional(),
  result: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'What the work produced, for DONE: REPACK/REMOVE_PACKAGING { packageWeight, packageLength, packageBreadth, packageHeight }; SPLIT { parcels: [{ packageContent, packageWeight, packageLength, packageBreadth, packageHeight }] }; RETURN_TO_SENDER { carrier, trackingNumber }',
    ),
});
export type StaffPackageRequestUpdate = z.output<typeof staffPackageRequestUpdateSchema>;

/** Where a request's photo is read: the customer's own, or any for staff; `?thumbnail=1` for its small WebP preview. */
export const packageRequestPhotoPath = (id: number, side: 'user' | 'staff' = 'user') => `/api/${side}/package-request-photos/${id}/file`;

/** Where a request's return label is read: the customer's own, or any for staff. */
export const packageRequestLabelPath = (id: number, side: 'user' | 'staff' = 'user') => `/api/${side}/package-requests/${id}/label`;

export const packageRequestSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  hopboxId: z.string(),
  type: z.enum(PACKAGE_REQUEST_TYPES),
  status: z.enum(PACKAGE_REQUEST_STATUSES),
  notes: z.string().nullable(),
  /** The fee fixed when the customer asked, as a decimal amount. */
  fee: z.number(),
  currency: z.string(),
  /** The return label the customer uploaded. */
  label: attachedFileSchema.nullable(),
  result: resultAnswerSchema,
  /** The warehouse's words to the customer (why it was refused, what was done). */
  staffNotes: z.string().nullable(),
  /** The photos of the work, by phase, in the order taken (a split's after photos in the parcels' order). */
  photos: z.object({ before: z.array(attachmentSchema), after: z.array(attachmentSchema) }),
  /** When a return's or discard's fee was paid (decision 068); null while unpaid, and for the types charged on a shipment. */
  paidAt: z.string().nullable(),
  /** What is left to pay before the warehouse acts (`amountDueOf`): 0 when nothing is. */
  amountDue: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageRequest = z.infer<typeof packageRequestSchema>;

/** A request in the warehouse's queue: where the package sits and whose it is. */
export const staffPackageRequestSchema = packageRequestSchema.extend({
  lockerNumber: z.string(),
  location: z.string().nullable(),
  customerName: z.string(),
});
export type StaffPackageRequest = z.infer<typeof staffPackageRequestSchema>;

export const staffPackageRequestsQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  pageSize: pageSizeQuerySchema.optional(),
  /** One status, or OPEN for the work still to do (REQUESTED and IN_PROGRESS); none for every request. */
  status: z
    .enum([...PACKAGE_REQUEST_STATUSES, 'OPEN'], { error: `Status must be one of: ${[...PACKAGE_REQUEST_STATUSES, 'OPEN'].join(', ')}` })
    .optional(),
});

export const packageRequestFeeSchema = z.object({
  type: z.enum(PACKAGE_REQUEST_TYPES),
  label: z.string(),
  fee: z.number(),
  currency: z.string(),
  /** True when the host set no fee of its own for this type and the default applies. */
  isDefault: z.boolean(),
});
export type PackageRequestFee = z.infer<typeof packageRequestFeeSchema>;

/** One host's fees, every type listed. A null host is the defaults (no active warehouse for the package's origin). */
export const hostPackageRequestFeesSchema = z.object({
  hostId: z.number().int().nullable(),
  hostName: z.string().nullable(),
  country: z.string().nullable(),
  fees: z.array(packageRequestFeeSchema),
});
export type HostPackageRequestFees = z.infer<typeof hostPackageRequestFeesSchema>;

/** The fees a host charges, each type from its own row or else the default. */
export function feesOf(own: ReadonlyMap<PackageRequestType, number>): PackageRequestFee[] {
  return PACKAGE_REQUEST_TYPES.map((type) => {
    const fee = own.get(type);
    return {
      type,
      label: PACKAGE_REQUEST_TYPE_LABELS[type],
      fee: fee ?? DEFAULT_PACKAGE_REQUEST_FEES[type],
      currency: DEFAULT_CURRENCY,
      isDefault: fee === undefined,
    };
  });
}

export const packageRequestFeesQuerySchema = z.object({
  /** The package the fees are for (its warehouse's); without it, every active warehouse's. */
  packageId: idOf(m.packageNotFound).optional(),
});

export const packageRequestFeeParamsSchema = z.object({
  hostId: idOf(m.hostNotFound),
  type: z.enum(PACKAGE_REQUEST_TYPES, { error: m.typeUnknown }),
});
export const packageRequestFeeInputSchema = z.object({
  fee: moneySchema('Fee').pipe(z.number().max(PACKAGE_REQUEST_FEE_MAX, `Fee can be at most ${PACKAGE_REQUEST_FEE_MAX}`)),
});

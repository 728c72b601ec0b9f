import type { CarrierOption } from '@hopbox/contracts/carrier-options';
import { CLAIM_RESOLUTIONS, CLAIM_TYPES } from '@hopbox/contracts/claims';
import type { DutiesEstimate, DutyRule } from '@hopbox/contracts/duties';
import { INTERNAL_NOTE_ENTITIES } from '@hopbox/contracts/internal-notes';
import {
  CLAIM_STATUSES,
  CONSOLIDATION_STATUSES,
  OPEN_CLAIM_STATUSES,
  OPEN_PACKAGE_REQUEST_STATUSES,
  PACKAGE_LEFT_STATUSES,
  PACKAGE_REQUEST_STATUSES,
  PAYMENT_STATUSES,
  SHIPMENT_STATUSES,
} from '@hopbox/contracts/lifecycles';
import { PACKAGE_CONDITIONS } from '@hopbox/contracts/package-conditions';
import { PACKAGE_REQUEST_PHOTO_PHASES, PACKAGE_REQUEST_TYPES } from '@hopbox/contracts/package-requests';
import { PHOTO_REQUEST_STATUSES } from '@hopbox/contracts/photo-request-statuses';
import { SUPPORT_STATUSES, SUPPORT_SUBJECT_TYPES } from '@hopbox/contracts/support';
import { WALLET_CREDIT_KINDS, WALLET_ENTRY_KINDS } from '@hopbox/contracts/wallet';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** A CHECK that the column holds one of a lifecycle's (or a list's) values: the database refuses any other. */
/** The option a shipment was paid for: what booking needs of it (decision 070). */
export type ChosenCarrierOption = Omit<CarrierOption, 'price' | 'currency'>;

const oneOf = (column: SQLWrapper, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Stamped by every update through Drizzle (`$onUpdate`), so no repository has to remember it. */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * The text a search looks in: the fields joined by the unit separator (chr 31), which a search term never
 * holds (`containsPattern` drops control characters), so a match never spans two fields. A trigram index
 * is built on exactly this expression, and the search must use the same one for the index to serve it
 * (decision 022).
 */
const searchText = (...fields: SQLWrapper[]) => sql`(${sql.join(fields, sql` || chr(31) || `)})`;
export const packageSearchText = (t: {
  hopboxId: AnyPgColumn;
  shipper: AnyPgColumn;
  packageContent: AnyPgColumn;
  origin: AnyPgColumn;
  externalTrackingNumber: AnyPgColumn;
}) => searchText(t.hopboxId, t.shipper, t.packageContent, t.origin, sql`coalesce(${t.externalTrackingNumber}, '')`);
/** A customer as staff search for one: full name, email and locker number. */
export const userSearchText = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn; lockerNumber: AnyPgColumn }) =>
  searchText(sql`${t.firstName} || ' ' || ${t.lastName}`, t.email, sql`coalesce(${t.lockerNumber}, '')`);

/**
 * A package waiting in its locker: in no shipment and not gone from the warehouse by a package request (returned,
 * discarded, split; decision 061). Every list, count, fee and shipment of "the locker" reads this one condition.
 */
export const waitingInLocker = (t: { shipmentId: AnyPgColumn; leftAt: AnyPgColumn }) =>
  sql`(${t.shipmentId} is null and ${t.leftAt} is null)`;

/** A photo request the warehouse still has to do (contracts' OPEN_PHOTO_REQUEST_STATUSES), as indexes and queries say it. */
export const openPhotoRequest = (t: { status: AnyPgColumn }) => sql`${t.status} in ('PENDING', 'IN_PROGRESS')`;
/** The photo queue's order of urgency among open requests (decision 073); an index holds it, so it is written once. */
export const photoQueueRank = sql`(case priority when 'URGENT' then 0 when 'HIGH' then 1 when 'MEDIUM' then 2 else 3 end)`;

/** Money is stored exactly: numeric(12,2), read as strings and converted at the edges. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const measure = (name: string) => numeric(name, { precision: 10, scale: 3 });

/** The account a row belongs to; `{ onDelete: 'cascade' }` where the row goes with the account. */
const ownerId = (actions?: { onDelete: 'cascade' }) =>
  integer('user_id')
    .notNull()
    .references(() => users.id, actions);

/** A postal address: an address book entry, and the destination a shipment copies from one. */
const postalAddress = () => ({
  /** Who receives at this address; empty means the customer (decision 027). */
  recipientName: varchar('recipient_name', { length: 120 }),
  address: varchar('address', { length: 300 }).notNull(),
  city: varchar('city', { length: 120 }).notNull(),
  state: varchar('state', { length: 120 }),
  country: varchar('country', { length: 120 }).notNull(),
  postalCode: varchar('postal_code', { length: 20 }),
});

/** A single-use secret stored only as its SHA-256, until it expires or is used. */
const singleUseToken = () => ({
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An uploaded image as the storage holds it: its type and size, and the keys of the file and its thumbnail. */
const storedImage = () => ({
  mimeType: varchar('mime_type', { length: 40 }).notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  storageKey: varchar('storage_key', { length: 300 }).notNull(),
  thumbnailKey: varchar('thumbnail_key', { length: 300 }),
});

const fileColumns = (prefix: string) => ({
  key: varchar(`${prefix}_key`, { length: 300 }),
  name: varchar(`${prefix}_name`, { length: 200 }),
  mimeType: varchar(`${prefix}_mime_type`, { length: 100 }),
  size: integer(`${prefix}_size`),
});
type FileColumns = ReturnType<typeof fileColumns>;
/**
 * A file a customer may attach (a pre-alert's invoice, a return's label), named by `prefix`, one word: where it is
 * stored, its name, type and size, as `<prefix>Key`, `<prefix>Name`, `<prefix>MimeType` and `<prefix>Size`.
 */
const attachedFile = <P extends string>(prefix: P) =>
  Object.fromEntries(
    Object.entries(fileColumns(prefix)).map(([k, column]) => [`${prefix}${k[0]?.toUpperCase()}${k.slice(1)}`, column]),
  ) as {
    [K in keyof FileColumns as `${P}${Capitalize<K>}`]: FileColumns[K];
  };

/** Locker numbers are HB followed by a number from this sequence (docs/decisions/003-locker-numbers.md). */
export const lockerNumberSeq = pgSequence('locker_number_seq', { startWith: 100001 });
/** hopboxId of a received package: HBX followed by a number from this sequence. */
export const hopboxIdSeq = pgSequence('hopbox_id_seq', { startWith: 1000001 });
/** Shipment numbers: SHP followed by a number from this sequence. */
export const shipmentNumberSeq = pgSequence('shipment_number_seq', { startWith: 500001 });

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    role: varchar('role', { length: 16 }).notNull().default('user'),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    gender: varchar('gender', { length: 16 }),
    country: varchar('country', { length: 120 }),
    lockerNumber: varchar('locker_number', { length: 16 }),
    /** Per-kind switches for notification mails (issue 5); password and payment mails always go. */
    notificationPrefs: jsonb('notification_prefs').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_locker_number_unique').on(t.lockerNumber),
    index('users_tenant_idx').on(t.tenantId),
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
  ],
);

/** One row per signed-in device; refresh tokens rotate inside it and revoking it ends every token of it. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
    /** Moved forward at most once per SESSION_SEEN_INTERVAL by a conditional update (decision 050). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address the session was last used from (IPv4 or IPv6 text, up to 45 characters). */
    ipAddress: varchar('ip_address', { length: 45 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 40 }),
    /** When this session passed the second factor; staff and admin sessions without it are refused (decision 049). */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ...singleUseToken(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_expiry_idx').on(t.expiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    ...singleUseToken(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
    index('password_reset_tokens_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * An account's authenticator app (TOTP, RFC 6238; decision 049). The secrets are encrypted (AES-256-GCM with a
 * key derived from JWT_SECRET); `pending_secret` is one set up but not yet confirmed by a code, so replacing a
 * factor keeps the old one working until the new one is proven. `last_used_step` is the last time step a code
 * was accepted for: no code of that step or an earlier one is accepted again.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes of an account's second factor, stored only as their SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second factor: the mfaToken's SHA-256, short-lived, single-use (claimed with a
 * compare-and-set), and counting the codes tried with it.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_challenges_token_unique').on(t.tokenHash), index('mfa_challenges_expiry_idx').on(t.expiresAt)],
);

/**
 * Request counters of the rate limits: one row per key with its current window, counted with one
 * upsert so every API process shares them (docs/decisions/004-auth-rate-limits.md). Rows past
 * `expires_at` limit nothing and are pruned by pruneRateLimits.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const hosts = pgTable(
  'hosts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    address: varchar('address', { length: 300 }).notNull(),
    city: varchar('city', { length: 120 }).notNull(),
    country: varchar('country', { length: 120 }).notNull(),
    postalCode: varchar('postal_code', { length: 200 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 200 }),
    code: varchar('code', { length: 12 }).notNull(),
    active: boolean('active').notNull().default(true),
    remoteAddressService: boolean('remote_address_service').notNull().default(false),
    /** Days a package stays in this warehouse free of charge, counted from its receivedDate (issue "Declare, insure"). */
    freeStorageDays: integer('free_storage_days').notNull().default(45),
    /** What each started day after the free ones costs, per package, in AED. */
    storageFeePerDay: money('storage_fee_per_day').notNull().default('2'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('hosts_code_unique').on(t.code), index('hosts_active_idx').on(t.active), index('hosts_country_idx').on(t.country)],
);

/** The shelves and bins of a host's warehouse, by the code printed on their labels (decision 053). */
export const hostLocations = pgTable(
  'host_locations',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('host_locations_host_code_unique').on(t.hostId, t.code)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: ownerId({ onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    ...postalAddress(),
    phoneNumber: varchar('phone_number', { length: 20 }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), uniqueIndex('addresses_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    shipmentId: varchar('shipment_id', { length: 32 }).notNull(),
    userId: ownerId(),
    isConsolidated: boolean('is_consolidated').notNull().default(false),
    origin: varchar('origin', { length: 120 }).notNull(),
    ...postalAddress(),
    phone: varchar('phone', { length: 20 }),
    notes: text('notes'),
    totalWeight: measure('total_weight').notNull(),
    amount: money('amount'),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    shipmentStatus: varchar('shipment_status', { length: 20 }).notNull(),
    consolidationStatus: varchar('consolidation_status', { length: 20 }),
    readyToShip: boolean('ready_to_ship').notNull().default(false),
    /** The consolidation's packed box, recorded by staff; its price is what the consolidation costs (decision 026). */
    packedWeight: measure('packed_weight'),
    packedLength: measure('packed_length'),
    packedBreadth: measure('packed_breadth'),
    packedHeight: measure('packed_height'),
    paymentStatus: varchar('payment_status', { length: 20 }).notNull().default('Unpaid'),
    paymentReference: varchar('payment_reference', { length: 100 }),
    awb: varchar('awb', { length: 60 }),
    /** The carrier that issued `awb` when the console booked it (issue "Carrier"); null for an AWB typed by hand. */
    carrier: varchar('carrier', { length: 20 }),
    /** The carrier's last refusal (booking or tracking), shown to staff; cleared by the next success. */
    carrierError: varchar('carrier_error', { length: 300 }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** Set while one request books the shipment with the carrier, so a second click waits instead of booking twice. */
    bookingClaimedAt: timestamp('booking_claimed_at', { withTimezone: true }),
    /** Storage key of the label PDF, fetched from the carrier once and kept. */
    labelKey: varchar('label_key', { length: 200 }),
    /** When a poller last claimed the shipment to read its tracking; the next read is due an interval later. */
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    hostId: integer('host_id').references(() => hosts.id),
    /** Insurance bought with the payment: the cover (declared value in AED, capped) and its premium. */
    insured: boolean('insured').notNull().default(false),
    insuredValue: money('insured_value'),
    insurancePremium: money('insurance_premium'),
    /** Storage fees of its packages charged with the payment. */
    storageFee: money('storage_fee'),
    /** The itemized price that was paid: [{ label, amount }] summing to `amount`. */
    priceBreakdown: jsonb('price_breakdown').$type<{ label: string; amount: number }[]>(),
    /**
     * The carrier option the customer paid for (decision 070): booking, the label and tracking go to its carrier
     * and product. Null for shipments paid before options existed, which book with CARRIER_PROVIDER.
     */
    carrierOption: jsonb('carrier_option').$type<ChosenCarrierOption>(),
    /** The import duties and taxes estimated when it was paid, and whether they were prepaid (decision 071). */
    duties: jsonb('duties').$type<DutiesEstimate>(),
    orderDate: timestamp('order_date', { withTimezone: true }),
    /** When the shipment moved into Shipped and into Delivered (shipment-moves.ts): a claim's windows start there. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    processingDate: timestamp('processing_date', { withTimezone: true }),
    /** The open payment that holds this consolidation: none other may open, and staff may not re-weigh it meanwhile. */
    openPaymentId: integer('open_payment_id').references((): AnyPgColumn => payments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_shipment_id_unique').on(t.shipmentId),
    index('shipments_open_payment_idx').on(t.openPaymentId).where(sql`${t.openPaymentId} is not null`),
    check('shipments_status_known', oneOf(t.shipmentStatus, SHIPMENT_STATUSES)),
    check(
      'shipments_consolidation_status_known',
      sql`${t.consolidationStatus} is null or ${oneOf(t.consolidationStatus, CONSOLIDATION_STATUSES)}`,
    ),
    check('shipments_payment_status_known', oneOf(t.paymentStatus, ['Unpaid', 'Paid'])),
    index('shipments_user_status_idx').on(t.userId, t.shipmentStatus),
    /** The warehouse's shipment lists, newest first: all of them, or those of one status (decision 039). */
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_status_created_idx').on(t.shipmentStatus, t.createdAt, t.id),
    /**
     * The capped counts of the warehouse's shipment lists (status and payment, e.g. awaiting dispatch): read from the
     * index alone, not from up to 10,001 rows of the table (decision 082).
     */
    index('shipments_status_payment_idx').on(t.shipmentStatus, t.paymentStatus),
    // The tracking poller's queue: booked shipments not yet delivered, least recently read first.
    index('shipments_tracking_due_idx').on(t.trackingCheckedAt).where(sql`${t.carrier} is not null and ${t.shipmentStatus} <> 'Delivered'`),
  ],
);

/**
 * A shipment's tracking events as its carrier reported them. `eventKey` identifies an event within its
 * shipment (time, code, place, remarks), so a carrier repeating its whole list stores nothing twice.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    eventKey: varchar('event_key', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: varchar('code', { length: 20 }).notNull(),
    /** What the event means for the shipment (contracts' TRACKING_STAGES). */
    stage: varchar('stage', { length: 20 }).notNull(),
    status: varchar('status', { length: 120 }).notNull(),
    location: varchar('location', { length: 120 }),
    description: varchar('description', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_key_unique').on(t.shipmentId, t.eventKey),
    index('shipment_events_shipment_at_idx').on(t.shipmentId, t.at),
  ],
);
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    hopboxId: varchar('hopbox_id', { length: 20 }).notNull(),
    /** The customer whose locker holds it; null while it is unidentified (no suite number, no pre-alert). */
    userId: integer('user_id').references(() => users.id),
    lockerNumber: varchar('locker_number', { length: 16 }),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    shipper: varchar('shipper', { length: 200 }).notNull(),
    packageContent: varchar('package_content', { length: 300 }).notNull(),
    receivedDate: timestamp('received_date', { withTimezone: true }).notNull().defaultNow(),
    origin: varchar('origin', { length: 120 }).notNull(),
    externalTrackingNumber: varchar('external_tracking_number', { length: 100 }),
    shipmentStatus: varchar('shipment_status', { length: 20 }).notNull().default('Not damaged'),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price').notNull().default('0'),
    totalPrice: money('total_price').notNull().default('0'),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    description: text('description'),
    notes: text('notes'),
    packageWeight: measure('package_weight').notNull().default('0'),
    unitWeight: measure('unit_weight').notNull().default('0'),
    packageLength: measure('package_length').notNull().default('0'),
    packageBreadth: measure('package_breadth').notNull().default('0'),
    packageHeight: measure('package_height').notNull().default('0'),
    receivedBy: integer('received_by').references(() => users.id),
    /** Every item of its customs declaration is filled in (kept with the items so lists need no join). */
    declarationComplete: boolean('declaration_complete').notNull().default(false),
    /** When the storage fees were settled by a payment: nothing accrues after this. */
    storageSettledAt: timestamp('storage_settled_at', { withTimezone: true }),
    /** The storage fee charged with that payment, in AED. */
    storageFeeCharged: money('storage_fee_charged'),
    /** The free-storage reminders sent: 0 none, 7 the 7-day one, 2 the 2-day one. */
    storageReminder: integer('storage_reminder').notNull().default(0),
    /** The open payment that holds this package: none other may open, and it cannot change or leave meanwhile. */
    openPaymentId: integer('open_payment_id').references((): AnyPgColumn => payments.id),
    /** The shelf or bin it sits on (one of its host's locations); null for packages received before locations. */
    location: varchar('location', { length: 20 }),
    /** The handling fee of a parcel received unidentified, in AED, charged with the shipment it leaves in. */
    handlingFee: money('handling_fee'),
    /** The fees of the package requests done on it (repack, removed packaging, a split that made it), in AED, charged with the shipment it leaves in (decision 061). */
    serviceFee: money('service_fee'),
    /** When it left the locker other than in a shipment (a package request done, decision 061), and how (PACKAGE_LEFT_STATUSES). */
    leftAt: timestamp('left_at', { withTimezone: true }),
    leftAs: varchar('left_as', { length: 16 }),
    /** The package a split made this one from. */
    splitFromId: integer('split_from_id').references((): AnyPgColumn => packages.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('packages_hopbox_id_unique').on(t.hopboxId),
    check(
      'packages_left_known',
      sql`(${t.leftAt} is null) = (${t.leftAs} is null) and (${t.leftAs} is null or ${oneOf(t.leftAs, PACKAGE_LEFT_STATUSES)})`,
    ),
    index('packages_split_from_idx').on(t.splitFromId).where(sql`${t.splitFromId} is not null`),
    /** A customer's packages that left the locker (Left the locker), the latest first: read from the index alone, whatever the locker's size. */
    index('packages_user_left_idx').on(t.userId, t.leftAt.desc(), t.id.desc()).where(sql`${t.leftAt} is not null`),
    /** The unidentified queue, oldest first. */
    index('packages_unidentified_idx').on(t.receivedDate, t.id).where(sql`${t.userId} is null`),
    check('packages_owner_whole', sql`(${t.userId} is null) = (${t.lockerNumber} is null)`),
    index('packages_open_payment_idx').on(t.openPaymentId).where(sql`${t.openPaymentId} is not null`),
    check('packages_condition_known', oneOf(t.shipmentStatus, PACKAGE_CONDITIONS)),
    index('packages_user_received_idx').on(t.userId, t.receivedDate),
    /** The warehouse's Packages list across every locker, newest first, read straight off the index (decision 039). */
    index('packages_received_idx').on(t.receivedDate, t.id),
    /** Received Packages: the locker's waiting packages, newest first, read straight off the index. */
    index('packages_locker_waiting_idx').on(t.userId, t.receivedDate, t.id).where(waitingInLocker(t)),
    /**
     * The count of the locker's waiting packages that every Received Packages page carries: this index holds
     * only the owner, so the count reads the fewest pages and never decodes a row to test whether it still
     * waits (decision 079).
     */
    index('packages_locker_waiting_count_idx').on(t.userId).where(waitingInLocker(t)),
    index('packages_shipment_idx').on(t.shipmentId),
    index('packages_locker_idx').on(t.lockerNumber),
    index('packages_tracking_idx').on(t.externalTrackingNumber),
    index('packages_search_trgm_idx').using('gin', sql`${packageSearchText(t)} gin_trgm_ops`),
  ],
);

/** A package's customs declaration: one row per declared item, in the order the customer gave them. */
export const declarationItems = pgTable(
  'declaration_items',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    hsCode: varchar('hs_code', { length: 10 }),
    quantity: integer('quantity').notNull(),
    unitValue: money('unit_value').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    originCountry: varchar('origin_country', { length: 120 }),
  },
  (t) => [uniqueIndex('declaration_items_package_position_unique').on(t.packageId, t.position)],
);

/**
 * The last price a customer was shown for a set of packages (or a consolidation) to a destination: a payment
 * started within 30 minutes charges it, even if a rate changed meanwhile (issue "Declare, insure").
 */
/**
 * Import duty and VAT rules by destination country (decision 071), kept as data that admins edit: the figures of
 * duties.ts's DutyRule, and where they come from.
 */
export const dutyRules = pgTable('duty_rules', {
  countryCode: varchar('country_code', { length: 2 }).primaryKey(),
  rule: jsonb('rule').$type<DutyRule>().notNull(),
  source: varchar('source', { length: 300 }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const priceQuotes = pgTable(
  'price_quotes',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    /** What was priced: `packages:<ids>><destination>` or `consolidation:<id>`. */
    quoteKey: varchar('quote_key', { length: 1200 }).notNull(),
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_quotes_user_key_unique').on(t.userId, t.quoteKey), index('price_quotes_created_idx').on(t.createdAt)],
);

export const photoRequests = pgTable(
  'photo_requests',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    orderId: varchar('order_id', { length: 40 }),
    requestType: varchar('request_type', { length: 20 }).notNull().default('PACKAGE_PHOTO'),
    priority: varchar('priority', { length: 10 }).notNull().default('MEDIUM'),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    notes: text('notes'),
    staffNotes: text('staff_notes'),
    requestedDate: timestamp('requested_date', { withTimezone: true }).notNull().defaultNow(),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photo_requests_user_status_idx').on(t.userId, t.status),
    /** A customer's requests newest first, a status's page read from the index alone (decision 078). */
    index('photo_requests_user_requested_idx').on(t.userId, t.requestedDate, t.id, t.status),
    index('photo_requests_package_idx').on(t.packageId),
    index('photo_requests_status_idx').on(t.status, t.priority, t.requestedDate),
    /** The warehouse's queue of open requests, most urgent and oldest first, read in its order (decision 073). */
    index('photo_requests_queue_idx').on(photoQueueRank, t.requestedDate, t.id).where(openPhotoRequest(t)),
    /** The closed requests, newest first, for the queue's other views. */
    index('photo_requests_closed_idx')
      .on(t.requestedDate, t.id)
      .where(sql`not (${openPhotoRequest(t)})`),
    index('photo_requests_order_idx').on(t.orderId),
    uniqueIndex('photo_requests_one_open_per_package').on(t.packageId).where(openPhotoRequest(t)),
    check('photo_requests_status_known', oneOf(t.status, PHOTO_REQUEST_STATUSES)),
  ],
);

/**
 * The size of each warehouse queue that grows with the business, kept by the database as rows change (decision 091):
 * `open_photo_requests` and `unidentified_packages`. Triggers in migration 0037 add and take away, deferred to the
 * commit so this row's lock is the last a transaction takes; the queues' lists read their count here instead of
 * counting thousands of index entries on every page.
 */
export const queueCounts = pgTable('queue_counts', {
  queue: varchar('queue', { length: 40 }).primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
});

export const attachments = pgTable(
  'photo_request_attachments',
  {
    id: serial('id').primaryKey(),
    /** The request the photo answers; null for a photo taken at receipt, which belongs to its package (decision 030). */
    photoRequestId: integer('photo_request_id').references(() => photoRequests.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    originalFileName: varchar('original_file_name', { length: 255 }).notNull(),
    ...storedImage(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_photo_request_idx').on(t.photoRequestId),
    index('attachments_package_idx').on(t.packageId),
    check('attachments_belong_somewhere', sql`${t.photoRequestId} is not null or ${t.packageId} is not null`),
  ],
);

/**
 * One payment attempt at the provider. A single-package payment carries the pending shipment in
 * `pendingShipment` until it is captured; a consolidation payment lists the shipments it pays.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    kind: varchar('kind', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    orderRef: varchar('order_ref', { length: 100 }).notNull(),
    merchantReference: varchar('merchant_reference', { length: 60 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('PENDING'),
    shipmentIds: jsonb('shipment_ids').$type<number[]>().notNull().default([]),
    pendingShipment: jsonb('pending_shipment').$type<Record<string, unknown>>(),
    paymentUrl: text('payment_url'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    /** Tries to finalize a captured payment that failed on a passing database error; reconciliation tries again (decision 040). */
    finalizeAttempts: integer('finalize_attempts').notNull().default(0),
    /** Reconciliation leaves the payment alone until then. */
    nextFinalizeAt: timestamp('next_finalize_at', { withTimezone: true }),
    lastFinalizeError: text('last_finalize_error'),
    /** When reconciliation next asks the provider about a failed or expired payment (a late capture). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /**
     * Fils given back, or being given back, by the payment's refunds (decision 045): the sum of its
     * `payment_refunds`, counted from the moment a refund is asked of the provider, so two refunds at once
     * never give back more than was captured.
     */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /**
     * Fils taken from the customer's account balance for this payment (decision 063); `amount` is what the card is
     * charged, the rest. Its debit and its give-back are ledger entries tied to this payment, each at most once.
     */
    balanceMinor: integer('balance_minor').notNull().default(0),
    /** The package request whose fee a payment of kind `request` pays (decision 068). */
    packageRequestId: integer('package_request_id').references((): AnyPgColumn => packageRequests.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_order_ref_unique').on(t.orderRef),
    uniqueIndex('payments_merchant_reference_unique').on(t.merchantReference),
    index('payments_user_idx').on(t.userId),
    // Reconciliation (pending ones by age) and the console's list of one status, newest first (decision 039).
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    // The console's list of every payment, newest first.
    index('payments_created_idx').on(t.createdAt, t.id),
    check('payments_status_known', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_refunds_within_amount', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= round(${t.amount} * 100)`),
    check('payments_balance_not_negative', sql`${t.balanceMinor} >= 0`),
  ],
);

/**
 * A customer's account balance (decision 063): the sum of its `wallet_entries`, kept here so that one guarded
 * update takes from it (`balance_minor >= x`) and concurrent payments can never take it below zero; the CHECK
 * refuses a negative balance even to a bug. Written in the same transaction as the entry that moves it.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Whole fils. */
    balanceMinor: integer('balance_minor').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balanceMinor} >= 0`)],
);

/**
 * The ledger of the account balance (decision 063): every credit and debit, never changed once written. A payment's
 * debit (PAYMENT) and its give-back (PAYMENT_RETURNED) carry the payment's id; the unique index lets each exist
 * once, so a give-back reached twice (reconciliation run twice, a race with the customer's return) gives once.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    /** Whole fils, signed: a credit is positive, a debit negative. */
    amountMinor: integer('amount_minor').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** What the customer reads beside it: a payment's reference, a claim, the reason staff gave. */
    reference: varchar('reference', { length: 500 }),
    /** The payment a PAYMENT or PAYMENT_RETURNED entry belongs to; null once a payment never opened is discarded. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** Who made a STAFF_ADJUSTMENT. */
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The customer's list, newest first.
    index('wallet_entries_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('wallet_entries_payment_kind_unique').on(t.paymentId, t.kind).where(sql`${t.paymentId} is not null`),
    check('wallet_entries_kind_known', oneOf(t.kind, WALLET_ENTRY_KINDS)),
    check('wallet_entries_amount_not_zero', sql`${t.amountMinor} <> 0`),
    check(
      'wallet_entries_sign_of_kind',
      sql`(${oneOf(t.kind, WALLET_CREDIT_KINDS)} and ${t.amountMinor} > 0) or (${t.kind} = 'PAYMENT' and ${t.amountMinor} < 0) or ${t.kind} = 'STAFF_ADJUSTMENT'`,
    ),
  ],
);

/**
 * Money given back from a captured payment (decision 045): how much, why, who decided, and the provider's
 * reference of the refund. A refund is written before the provider is asked (its reference still null) and
 * deleted again if the provider refuses it.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** Whole fils (minor units of the payment's currency). */
    amountMinor: integer('amount_minor').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    providerReference: varchar('provider_reference', { length: 200 }),
    /** The claim this refund settles (decision 065): one refund per claim, ever, so a claim decided again never refunds twice. */
    claimId: integer('claim_id').references((): AnyPgColumn => claims.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_refunds_claim_unique').on(t.claimId).where(sql`${t.claimId} is not null`),
    check('payment_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The sandbox payment provider's own ledger: what a hosted card page would hold at a real
 * provider. The app's `payments` table never reads it directly, only through the provider.
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  reference: varchar('reference', { length: 60 }).primaryKey(),
  merchantReference: varchar('merchant_reference', { length: 60 }).notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  redirectUrl: text('redirect_url').notNull(),
  state: varchar('state', { length: 20 }).notNull().default('STARTED'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sandbox payment provider's refunds: what it gave back of a captured order, shown on the order's page. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    reference: varchar('reference', { length: 60 }).primaryKey(),
    orderReference: varchar('order_reference', { length: 60 })
      .notNull()
      .references(() => sandboxOrders.reference),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_refunds_order_idx').on(t.orderReference)],
);

/**
 * The sandbox carrier's own books (CARRIER_PROVIDER=sandbox): what it was asked to carry, for the label
 * it renders, and how far along its journey the shipment is (one step per tracking read).
 */
export const sandboxCarrierBookings = pgTable('sandbox_carrier_bookings', {
  awb: varchar('awb', { length: 20 }).primaryKey(),
  /** The shipper's reference (the shipment id): booking it again answers the same AWB. */
  reference: varchar('reference', { length: 60 }).notNull().unique('sandbox_carrier_bookings_reference_unique'),
  booking: jsonb('booking').notNull(),
  /** Events issued so far: 0 when booked, up to the journey's length at delivery. */
  step: integer('step').notNull().default(0),
  /** The time of each event issued, in order (the sandbox repeats them on every read). */
  eventTimes: jsonb('event_times').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Mail waiting to be sent. Actions queue their mail here (in their own transaction when they have
 * one) and the mail worker sends it with retries, so a slow or failing mail server never blocks or
 * fails the action itself. FAILED rows are shown to admins.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Storage keys of images to attach (a package's receipt photo). */
    attachmentKeys: jsonb('attachment_keys').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 12 }).notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The process sending it (SENDING), and since when: another takes it over only once that claim is stale (decision 040). */
    claimedBy: varchar('claimed_by', { length: 100 }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Who did what to which package or shipment, with the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 30 }).notNull(),
    entityId: integer('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/**
 * The latest round of each background job of the job list (decision 042), whichever API process ran it: one
 * row per job, written at the end of every round. A success leaves the last error in place (admins see what
 * failed and when); the latest round failed when its error is stamped with its finish.
 */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 40 }).primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }).notNull(),
  lastDurationMs: integer('last_duration_ms').notNull(),
  /** The round's counts; null when it failed. */
  lastSummary: jsonb('last_summary').$type<Record<string, number>>(),
  /** A failure's message only: never a stack, never a statement's parameters. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** `host:pid` of the process that ran the round. */
  lastRunBy: varchar('last_run_by', { length: 100 }).notNull(),
});

/** What staff write about a package or a shipment for one another; never shown to a customer (decision 053). */
export const internalNotes = pgTable(
  'internal_notes',
  {
    id: serial('id').primaryKey(),
    entityType: varchar('entity_type', { length: 20 }).notNull(),
    entityId: integer('entity_id').notNull(),
    authorId: integer('author_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('internal_notes_entity_idx').on(t.entityType, t.entityId, t.id),
    check('internal_notes_entity_known', oneOf(t.entityType, INTERNAL_NOTE_ENTITIES)),
  ],
);

/** Support conversations (decision 058): a customer's question about a package, shipment, payment or anything else. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    subject: varchar('subject', { length: 120 }).notNull(),
    subjectType: varchar('subject_type', { length: 12 }).notNull(),
    /** The package's, shipment's or payment's id, checked to be the customer's when the conversation began. */
    subjectId: integer('subject_id'),
    /** The reference the customer sees for it (a package's or shipment's ID, a payment's reference). */
    subjectRef: varchar('subject_ref', { length: 40 }),
    status: varchar('status', { length: 24 }).notNull().default('WAITING_FOR_STAFF'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageFrom: varchar('last_message_from', { length: 10 }).notNull().default('customer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_conversations_user_idx').on(t.userId, t.lastMessageAt),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt),
    check('support_conversations_status_known', oneOf(t.status, SUPPORT_STATUSES)),
    check('support_conversations_subject_known', oneOf(t.subjectType, SUPPORT_SUBJECT_TYPES)),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id),
    fromRole: varchar('from_role', { length: 10 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check('support_messages_from_known', oneOf(t.fromRole, ['customer', 'staff'])),
  ],
);

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    ...storedImage(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/**
 * Pre-alerts (issue "Arrivals"): a parcel the customer announced before it arrived, matched by its tracking
 * number at the dock. EXPECTED until a package fulfils it (package_id set), then RECEIVED.
 */
export const preAlerts = pgTable(
  'pre_alerts',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    trackingNumber: varchar('tracking_number', { length: 100 }).notNull(),
    /** The tracking number without spaces, dashes or case, as it is compared. */
    trackingKey: varchar('tracking_key', { length: 100 }).notNull(),
    retailer: varchar('retailer', { length: 200 }).notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    declaredValue: money('declared_value'),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    expectedDate: date('expected_date', { mode: 'string' }),
    notes: text('notes'),
    packageId: integer('package_id').references(() => packages.id),
    /** The retailer's invoice the customer attached, for customs: where it is stored and what it is. */
    ...attachedFile('invoice'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pre_alerts_user_idx').on(t.userId, t.createdAt),
    /** One open pre-alert per tracking number per customer. */
    uniqueIndex('pre_alerts_open_tracking_unique').on(t.userId, t.trackingKey).where(sql`${t.packageId} is null`),
    /** The dock's look-up by tracking number among open pre-alerts. */
    index('pre_alerts_open_tracking_idx').on(t.trackingKey).where(sql`${t.packageId} is null`),
    uniqueIndex('pre_alerts_package_unique').on(t.packageId),
  ],
);

/** A package request still open (REQUESTED or IN_PROGRESS): one per package, and its package is not shipped meanwhile. */
export const isOpenPackageRequest = (status: SQLWrapper) => oneOf(status, OPEN_PACKAGE_REQUEST_STATUSES);

/**
 * Package requests (issue "When it goes wrong", decision 061): repack, remove packaging, split, return to sender or
 * discard a package in the locker. The fee is the host's (or the default) when asked, kept here; a return carries
 * the retailer's label; `result` is what staff recorded when they finished it.
 */
export const packageRequests = pgTable(
  'package_requests',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    userId: ownerId(),
    /** The warehouse whose fee applied; null when no active host serves the package's origin (the default fee). */
    hostId: integer('host_id').references(() => hosts.id),
    type: varchar('type', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('REQUESTED'),
    notes: text('notes'),
    fee: money('fee').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    /** The retailer's return label, stored like a pre-alert's invoice. */
    ...attachedFile('label'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    staffNotes: text('staff_notes'),
    handledBy: integer('handled_by').references(() => users.id),
    /**
     * A return's or discard's fee (decision 068): the open payment holding the request while the customer pays, and
     * once paid, when and by which payment. Staff act on such a request only once it is paid.
     */
    openPaymentId: integer('open_payment_id').references((): AnyPgColumn => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One open request per package: a second one, even asked at the same moment, is refused by the database. */
    uniqueIndex('package_requests_one_open_per_package').on(t.packageId).where(isOpenPackageRequest(t.status)),
    /** The warehouse's queue, oldest first, whole or of one status. */
    index('package_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('package_requests_created_idx').on(t.createdAt, t.id),
    index('package_requests_package_idx').on(t.packageId, t.createdAt),
    check('package_requests_status_known', oneOf(t.status, PACKAGE_REQUEST_STATUSES)),
    check('package_requests_type_known', oneOf(t.type, PACKAGE_REQUEST_TYPES)),
    check('package_requests_paid_with_payment', sql`(${t.paidAt} is null) = (${t.paymentId} is null)`),
  ],
);

/** What each host charges for each package request type; a type without a row costs the contracts' default. */
export const packageRequestFees = pgTable(
  'package_request_fees',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    fee: money('fee').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('package_request_fees_host_type_unique').on(t.hostId, t.type),
    check('package_request_fees_type_known', oneOf(t.type, PACKAGE_REQUEST_TYPES)),
  ],
);

/**
 * Photos of a package request's work (decision 069): BEFORE taken when staff take it, AFTER when they finish it. A
 * split's AFTER photo is also the receipt photo of the parcel it shows (`parcel_id`), the same stored file.
 */
export const packageRequestPhotos = pgTable(
  'package_request_photos',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => packageRequests.id, { onDelete: 'cascade' }),
    phase: varchar('phase', { length: 6 }).notNull(),
    parcelId: integer('parcel_id').references(() => packages.id),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    ...storedImage(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('package_request_photos_request_idx').on(t.requestId, t.id),
    check('package_request_photos_phase_known', oneOf(t.phase, PACKAGE_REQUEST_PHOTO_PHASES)),
  ],
);

/** A claim still open (OPEN or NEEDS_INFO): one per package and one per shipment. */
export const isOpenClaim = (status: SQLWrapper) => oneOf(status, OPEN_CLAIM_STATUSES);

/**
 * Claims (issue "When it goes wrong", decision 065): a customer's claim on one of their packages or shipments, with
 * the amount claimed in minor units; staff's decision records how it was resolved (refund or credit, and how much)
 * or the package's corrected weight. `deciding_at` is set while a refund is asked of the provider, so two staff
 * approving at once refund once.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    packageId: integer('package_id').references(() => packages.id),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    type: varchar('type', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('OPEN'),
    description: text('description').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    resolution: varchar('resolution', { length: 10 }),
    resolvedMinor: integer('resolved_minor'),
    correctedWeight: measure('corrected_weight'),
    decidingAt: timestamp('deciding_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One open claim per package and per shipment: a second one, even filed at the same moment, is refused by the database. */
    uniqueIndex('claims_one_open_per_package')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null and ${isOpenClaim(t.status)}`),
    uniqueIndex('claims_one_open_per_shipment')
      .on(t.shipmentId)
      .where(sql`${t.packageId} is null and ${isOpenClaim(t.status)}`),
    /** The warehouse's queue, oldest first, whole or of one status; the customer's list, newest first. */
    index('claims_status_created_idx').on(t.status, t.createdAt, t.id),
    index('claims_created_idx').on(t.createdAt, t.id),
    index('claims_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('claims_status_known', oneOf(t.status, CLAIM_STATUSES)),
    check('claims_type_known', oneOf(t.type, CLAIM_TYPES)),
    check('claims_resolution_known', sql`${t.resolution} is null or ${oneOf(t.resolution, CLAIM_RESOLUTIONS)}`),
    check('claims_about_something', sql`${t.packageId} is not null or ${t.shipmentId} is not null`),
    check('claims_amount_bounded', sql`${t.amountMinor} >= 0 and ${t.amountMinor} <= 100000000`),
    check(
      'claims_resolved_within_claimed',
      sql`${t.resolvedMinor} is null or (${t.resolvedMinor} > 0 and ${t.resolvedMinor} <= ${t.amountMinor})`,
    ),
  ],
);

/** The messages of a claim: staff's word with each decision, and the customer's answers to NEEDS_INFO. */
export const claimMessages = pgTable(
  'claim_messages',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id),
    fromRole: varchar('from_role', { length: 10 }).notNull(),
    body: text('body').notNull(),
    /** The status the claim moved to with this message. */
    status: varchar('status', { length: 16 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_messages_claim_idx').on(t.claimId, t.id),
    check('claim_messages_from_known', oneOf(t.fromRole, ['customer', 'staff'])),
  ],
);

/** Photos of a claim (filed with it) or of a customer's answer (`message_id`), stored as support's files are. */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => claimMessages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    ...storedImage(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId, t.id)],
);

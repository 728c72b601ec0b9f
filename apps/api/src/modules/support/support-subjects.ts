import { CLAIM_TYPE_LABELS, type ClaimType, claimReference } from '@hopbox/contracts/claims';
import { CLAIM_LIFECYCLE, type ClaimStatus, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney, toMajor } from '@hopbox/contracts/money';
import { type SupportContext, type SupportSubjectType, supportMessages } from '@hopbox/contracts/support';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { claims, packages, payments, shipments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { mailDateTime } from '../../providers/mail/templates.ts';

type About = Exclude<SupportSubjectType, 'general'>;

/** Compared without spaces or case, as a customer types a reference. */
const sameRef = (column: Parameters<typeof sql>[1], ref: string) => sql`upper(${column}) = ${normalRef(ref)}`;
const normalRef = (ref: string) => ref.replace(/\s+/g, '').toUpperCase();

/** A claim's reference is its id written as CLM000123 (`claimReference`): the id it names, or -1 (no claim) when it is not one. */
const claimIdOf = (ref: string) => {
  const id = /^CLM(\d{1,9})$/.exec(normalRef(ref))?.[1];
  return id === undefined ? -1 : Number(id);
};

/**
 * The customer's package, shipment or payment a conversation is about, found by the reference the customer
 * sees; another customer's, or none, is a 404 naming what was not found.
 */
export async function resolveSubject(db: Executor, userId: number, type: About, ref: string) {
  const found = await findSubject(db, userId, type, ref);
  if (!found) throw notFound(supportMessages.subjectNotFound(type));
  return found;
}

/**
 * Where each kind of subject is kept: its id, whose it is, and the reference its customer sees. A claim's
 * reference is its id written out (`claimReference`), so a claim is found by that id.
 */
const SUBJECT_TABLES = {
  package: { table: packages, id: packages.id, owner: packages.userId, ref: packages.hopboxId },
  shipment: { table: shipments, id: shipments.id, owner: shipments.userId, ref: shipments.shipmentId },
  payment: { table: payments, id: payments.id, owner: payments.userId, ref: payments.orderRef },
  claim: { table: claims, id: claims.id, owner: claims.userId, ref: null },
} as const;

async function findSubject(db: Executor, userId: number, type: About, ref: string) {
  const t = SUBJECT_TABLES[type];
  const [row] = await db
    .select({ id: t.id, ref: t.ref ?? sql<string>`''` })
    .from(t.table)
    .where(and(eq(t.owner, userId), t.ref ? sameRef(t.ref, ref) : eq(t.id, claimIdOf(ref))))
    .limit(1);
  return row && { id: row.id, ref: t.ref ? row.ref : claimReference(row.id) };
}

const kg = (value: string | number) => `${Number(value)} kg`;

type SubjectRow<T extends About> = (typeof SUBJECT_TABLES)[T]['table']['$inferSelect'];
type Subject = NonNullable<SupportContext['subject']>;

/** What staff read of each kind of subject: a title, its facts and where the console shows it. */
const DESCRIBE: { [T in About]: (row: SubjectRow<T>, timeZone: string) => Subject } = {
  package: (p, timeZone) => ({
    title: `Package ${p.hopboxId}: ${p.packageContent}`,
    facts: [
      { label: 'Status', value: p.shipmentId === null ? 'In the locker' : 'In a shipment' },
      { label: 'Location', value: p.location ?? 'Not recorded' },
      { label: 'Shipper', value: p.shipper },
      { label: 'Weight', value: kg(p.packageWeight) },
      { label: 'Condition', value: p.shipmentStatus },
      { label: 'Received', value: mailDateTime(p.receivedDate, timeZone) },
      { label: 'Tracking', value: p.externalTrackingNumber ?? 'None' },
    ],
    consolePath: `/staff/packages?q=${encodeURIComponent(p.hopboxId)}`,
  }),
  shipment: (s) => ({
    title: `Shipment ${s.shipmentId}`,
    facts: [
      { label: 'Status', value: s.shipmentStatus },
      { label: 'Payment', value: s.paymentStatus },
      { label: 'AWB', value: s.awb ?? 'Not booked' },
      { label: 'Destination', value: [s.city, s.country].join(', ') },
      { label: 'Weight', value: kg(s.packedWeight ?? s.totalWeight) },
      { label: 'Amount', value: formatMoney(s.amount, s.currency) },
    ],
    consolePath: s.shipmentStatus === 'Pending' ? `/staff/consolidations?q=${s.shipmentId}` : `/staff/dispatch?q=${s.shipmentId}`,
  }),
  payment: (pay, timeZone) => ({
    title: `Payment ${pay.orderRef}`,
    facts: [
      { label: 'Status', value: pay.status },
      { label: 'Amount', value: formatMoney(pay.amount, pay.currency) },
      { label: 'Refunded', value: formatMoney(toMajor(pay.refundedMinor), pay.currency) },
      { label: 'Opened', value: mailDateTime(pay.createdAt, timeZone) },
    ],
    consolePath: `/staff/payments?q=${encodeURIComponent(pay.orderRef)}`,
  }),
  claim: (c, timeZone) => ({
    title: `Claim ${claimReference(c.id)}: ${CLAIM_TYPE_LABELS[c.type as ClaimType]}`,
    facts: [
      { label: 'Status', value: statusLabel(CLAIM_LIFECYCLE, c.status as ClaimStatus) },
      { label: 'Claimed', value: formatMoney(toMajor(c.amountMinor), c.currency) },
      { label: 'Filed', value: mailDateTime(c.createdAt, timeZone) },
    ],
    consolePath: `/staff/claims/${c.id}`,
  }),
};

/** What staff see of the object beside the conversation: its state now, read when the conversation is opened. */
export async function subjectContext(
  db: Executor,
  conversation: { subjectType: string; subjectId: number | null },
  timeZone: string,
): Promise<SupportContext['subject']> {
  const { subjectType: type, subjectId: id } = conversation as { subjectType: SupportSubjectType; subjectId: number | null };
  if (type === 'general' || id === null) return null;
  return describeSubject(db, type, id, timeZone);
}

/** The subject's row, found in its own table by its id, described; null when it is gone. */
async function describeSubject<T extends About>(db: Executor, type: T, id: number, timeZone: string): Promise<Subject | null> {
  const t = SUBJECT_TABLES[type];
  const [row] = await db.select().from(t.table).where(eq(t.id, id)).limit(1);
  return row ? DESCRIBE[type](row as SubjectRow<T>, timeZone) : null;
}

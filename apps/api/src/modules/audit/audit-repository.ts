import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** What an entry is about; 'user' is the account itself (its sessions, its second factor), the actor being its owner. */
export type AuditEntity =
  | 'package'
  | 'shipment'
  | 'photo_request'
  | 'host'
  | 'payment'
  | 'user'
  | 'support_conversation'
  | 'package_request'
  /** A customer's account balance, by the customer's id (decision 063). */
  | 'wallet'
  /** A customer's claim on a package or shipment (decision 065). */
  | 'claim'
  /** A destination's import duty rule, by the country's ISO 3166-1 numeric code (decision 071). */
  | 'duty_rule';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entityType: AuditEntity;
  entityId: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records a staff action (or an owner's change to its own account); call it in the action's own transaction so both exist or neither does. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** Only the fields that changed, before and after. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

export async function auditTrail(db: Executor, entityType: AuditEntity, entityId: number) {
  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(LIST_MAX_ROWS);
  // The newest entries, told oldest first.
  return rows.reverse().map((r) => ({
    id: r.entry.id,
    action: r.entry.action,
    actor: r.firstName ? `${r.firstName} ${r.lastName}` : 'System',
    actorEmail: r.email,
    before: r.entry.before,
    after: r.entry.after,
    createdAt: r.entry.createdAt.toISOString(),
  }));
}

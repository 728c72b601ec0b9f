import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import type { Host } from '@hopbox/contracts/hosts';
import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hosts, shipments } from '../../db/schema.ts';

type HostRow = typeof hosts.$inferSelect;
type HostInsert = typeof hosts.$inferInsert;
/** What a host is saved from: the fee as a number of AED (the column is numeric, read back as text). */
export type HostValues = Omit<HostInsert, 'id' | 'createdAt' | 'updatedAt' | 'storageFeePerDay'> & { storageFeePerDay?: number };

export function toHost(row: HostRow): Host {
  return {
    ...row,
    storageFeePerDay: Number(row.storageFeePerDay),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row's columns from saved values: the fee goes to the numeric column as text, exactly as given. */
function rowValues(values: Partial<HostValues>): Partial<HostInsert> {
  const { storageFeePerDay, ...rest } = values;
  return storageFeePerDay === undefined ? rest : { ...rest, storageFeePerDay: storageFeePerDay.toFixed(2) };
}

export interface HostFilter {
  active?: boolean;
  remoteAddressService?: boolean;
  country?: string;
}

export async function listHosts(db: Executor, filter: HostFilter = {}): Promise<Host[]> {
  const conditions = [];
  if (filter.active !== undefined) conditions.push(eq(hosts.active, filter.active));
  if (filter.remoteAddressService !== undefined) conditions.push(eq(hosts.remoteAddressService, filter.remoteAddressService));
  if (filter.country) conditions.push(sql`lower(${hosts.country}) = ${filter.country.toLowerCase()}`);
  const rows = await db
    .select()
    .from(hosts)
    .where(and(...conditions))
    .orderBy(asc(hosts.name))
    .limit(LIST_MAX_ROWS);
  return rows.map(toHost);
}

export async function findHost(db: Executor, id: number): Promise<Host | undefined> {
  const [row] = await db.select().from(hosts).where(eq(hosts.id, id)).limit(1);
  return row && toHost(row);
}

export async function findHostByCode(db: Executor, code: string): Promise<Host | undefined> {
  const [row] = await db.select().from(hosts).where(eq(hosts.code, code.toUpperCase())).limit(1);
  return row && toHost(row);
}

export async function insertHost(db: Executor, values: HostValues): Promise<Host> {
  const [row] = await db
    .insert(hosts)
    .values(rowValues(values) as HostInsert)
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toHost(row);
}

export async function updateHost(db: Executor, id: number, values: Partial<HostValues>): Promise<Host | undefined> {
  const [row] = await db.update(hosts).set(rowValues(values)).where(eq(hosts.id, id)).returning();
  return row && toHost(row);
}

export async function toggleRemoteService(db: Executor, id: number): Promise<Host | undefined> {
  const [row] = await db
    .update(hosts)
    .set({ remoteAddressService: sql`not ${hosts.remoteAddressService}` })
    .where(eq(hosts.id, id))
    .returning();
  return row && toHost(row);
}

export async function deleteHost(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(hosts).where(eq(hosts.id, id)).returning({ id: hosts.id });
  return rows.length === 1;
}

export async function hostIsUsed(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(shipments).where(eq(shipments.hostId, id));
  return (row?.n ?? 0) > 0;
}

export async function hostStats(db: Executor) {
  const [row] = await db
    .select({
      total: count(),
      active: count(sql`case when ${hosts.active} then 1 end`),
      remoteAddressService: count(sql`case when ${hosts.remoteAddressService} then 1 end`),
      countries: countDistinct(hosts.country),
    })
    .from(hosts);
  const total = row?.total ?? 0;
  const active = row?.active ?? 0;
  return { total, active, inactive: total - active, remoteAddressService: row?.remoteAddressService ?? 0, countries: row?.countries ?? 0 };
}

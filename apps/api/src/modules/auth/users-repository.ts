import type { Role } from '@hopbox/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lockerNumberSeq, tenants, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  gender?: string | null;
  country?: string | null;
  role: Role;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account holding a locker number (customers only have one), case-insensitively. */
export async function findUserByLockerNumber(db: Executor, lockerNumber: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.lockerNumber, lockerNumber.toUpperCase())).limit(1);
  return row;
}

async function defaultTenantId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'default')).limit(1);
  if (!row) throw new Error('The default tenant is missing: run the migrations');
  return row.id;
}

/** Customers get a locker number (HB + a sequence number); staff and admins have none. */
export async function insertUser(db: Executor, input: NewUser): Promise<UserRow> {
  const tenantId = await defaultTenantId(db);
  const lockerNumber = input.role === 'user' ? sql`'HB' || nextval(${lockerNumberSeq.seqName})` : null;
  const [row] = await db
    .insert(users)
    .values({ ...input, tenantId, lockerNumber })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

import type { Address } from '@hopbox/contracts/addresses';
import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';

type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  'label' | 'recipientName' | 'address' | 'city' | 'state' | 'country' | 'postalCode' | 'phoneNumber'
>;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    label: row.label,
    recipientName: row.recipientName,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    phoneNumber: row.phoneNumber,
    isDefault: row.isDefault,
  };
}

/** Default first, then oldest first, so the list does not jump around. */
export async function listAddresses(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .limit(LIST_MAX_ROWS);
  return rows.map(toAddress);
}

export async function findAddress(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .limit(1);
  return row && toAddress(row);
}

export async function insertAddress(db: Executor, userId: number, values: AddressValues, isDefault: boolean) {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId, isDefault })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toAddress(row);
}

export async function updateAddress(db: Executor, userId: number, id: number, values: AddressValues) {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning();
  return row && toAddress(row);
}

export async function deleteAddress(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ id: addresses.id, isDefault: addresses.isDefault });
  return rows[0];
}

/** Clears the current default, then sets the new one (the partial unique index allows one default per customer). */
export async function makeDefault(db: Executor, userId: number, id: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
}

export async function oldestAddressId(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id))
    .limit(1);
  return row?.id;
}

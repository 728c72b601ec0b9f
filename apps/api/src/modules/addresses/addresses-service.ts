import type { addressInputSchema } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { optionalPhoneToStore } from '../../lib/phone-numbers.ts';
import * as repo from './addresses-repository.ts';

type Input = z.output<typeof addressInputSchema>;
const addressNotFound = () => notFound('Address not found');

/** The phone is read with the address's country and stored in E.164; `stored` is the one the address has (decision 052). */
const values = (input: Input, stored?: string | null): repo.AddressValues => ({
  label: input.label,
  recipientName: input.recipientName,
  address: input.address,
  city: input.city,
  state: input.state,
  country: input.country,
  postalCode: input.postalCode,
  phoneNumber: optionalPhoneToStore(input.phoneNumber, input.country, 'phoneNumber', stored),
});

export async function getAddress(deps: AppDeps, userId: number, id: number) {
  const address = await repo.findAddress(deps.db, userId, id);
  if (!address) throw addressNotFound();
  return address;
}

/** The first address becomes the default; asking for isDefault moves the default to the new one. */
export function createAddress(deps: AppDeps, userId: number, input: Input) {
  const fields = values(input);
  return deps.db.transaction(async (tx) => {
    const existing = await repo.oldestAddressId(tx, userId);
    const created = await repo.insertAddress(tx, userId, fields, false);
    if (existing === undefined || input.isDefault) await repo.makeDefault(tx, userId, created.id);
    return (await repo.findAddress(tx, userId, created.id)) ?? created;
  });
}

export function updateAddress(deps: AppDeps, userId: number, id: number, input: Input) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findAddress(tx, userId, id);
    if (!current) throw addressNotFound();
    const updated = await repo.updateAddress(tx, userId, id, values(input, current.phoneNumber));
    if (!updated) throw addressNotFound();
    if (input.isDefault && !updated.isDefault) await repo.makeDefault(tx, userId, id);
    return (await repo.findAddress(tx, userId, id)) ?? updated;
  });
}

/** Deleting the default promotes the oldest remaining address, so there is always exactly one. */
export function deleteAddress(deps: AppDeps, userId: number, id: number) {
  return deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteAddress(tx, userId, id);
    if (!deleted) throw addressNotFound();
    if (deleted.isDefault) {
      const next = await repo.oldestAddressId(tx, userId);
      if (next !== undefined) await repo.makeDefault(tx, userId, next);
    }
    return { success: true as const, message: messages.addresses.deleted };
  });
}

export function setDefaultAddress(deps: AppDeps, userId: number, id: number) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findAddress(tx, userId, id))) throw addressNotFound();
    await repo.makeDefault(tx, userId, id);
    return (await repo.findAddress(tx, userId, id)) as NonNullable<Awaited<ReturnType<typeof repo.findAddress>>>;
  });
}

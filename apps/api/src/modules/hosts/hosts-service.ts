import type { Host, HostInput, hostInputSchema } from '@hopbox/contracts/hosts';
import { messages } from '@hopbox/contracts/messages';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { optionalPhoneToStore } from '../../lib/phone-numbers.ts';
import { changedFields, recordAudit } from '../audit/audit-repository.ts';
import * as repo from './hosts-repository.ts';

type ParsedHostInput = z.output<typeof hostInputSchema>;

export async function getHost(deps: AppDeps, id: number) {
  const host = await repo.findHost(deps.db, id);
  if (!host) throw notFound(messages.hosts.notFound);
  return host;
}

export async function getHostByCode(deps: AppDeps, code: string) {
  const host = await repo.findHostByCode(deps.db, code);
  if (!host) throw notFound(messages.hosts.notFound);
  return host;
}

async function guardCodeConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'hosts_code_unique')) throw conflict(messages.hosts.codeTaken, 'code');
    throw err;
  }
}

/** Host changes are audited like every other staff or admin action. */
async function audited(deps: AppDeps, actorId: number, action: string, before: Host | undefined, after: Host | undefined) {
  const entityId = (after ?? before)?.id;
  if (entityId === undefined) return;
  const diff = before && after ? changedFields(before, after) : { before: before ?? null, after: after ?? null };
  await recordAudit(deps.db, { actorId, action, entityType: 'host', entityId, ...diff });
}

/** The host's phone read with its country and stored in E.164; `stored` is the one it has (decision 052). */
const withPhone = (input: ParsedHostInput, stored?: string | null): ParsedHostInput => ({
  ...input,
  phone: optionalPhoneToStore(input.phone, input.country, 'phone', stored),
});

export async function createHost(deps: AppDeps, actorId: number, input: ParsedHostInput) {
  const fields = withPhone(input);
  const host = await guardCodeConflict(() => repo.insertHost(deps.db, fields));
  await audited(deps, actorId, 'host.created', undefined, host);
  return host;
}

export async function updateHost(deps: AppDeps, actorId: number, id: number, input: ParsedHostInput) {
  const before = await getHost(deps, id);
  const fields = withPhone(input, before.phone);
  const host = await guardCodeConflict(() => repo.updateHost(deps.db, id, fields));
  if (!host) throw notFound(messages.hosts.notFound);
  await audited(deps, actorId, 'host.updated', before, host);
  return host;
}

export async function setHostActive(deps: AppDeps, actorId: number, id: number, active: boolean) {
  const before = await getHost(deps, id);
  const host = await repo.updateHost(deps.db, id, { active });
  if (!host) throw notFound(messages.hosts.notFound);
  await audited(deps, actorId, active ? 'host.activated' : 'host.deactivated', before, host);
  return host;
}

export async function toggleRemoteService(deps: AppDeps, actorId: number, id: number) {
  const before = await getHost(deps, id);
  const host = await repo.toggleRemoteService(deps.db, id);
  if (!host) throw notFound(messages.hosts.notFound);
  await audited(deps, actorId, 'host.remote_service_toggled', before, host);
  return host;
}

/** A host that shipments point at is kept for their history: deactivate it instead. */
export async function deleteHost(deps: AppDeps, actorId: number, id: number) {
  const before = await getHost(deps, id);
  if (await repo.hostIsUsed(deps.db, id)) throw conflict('This host has shipments and cannot be deleted. Deactivate it instead.');
  await repo.deleteHost(deps.db, id);
  await audited(deps, actorId, 'host.deleted', before, undefined);
}

export type { HostInput };

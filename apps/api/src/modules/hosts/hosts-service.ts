import type { HostInput, hostInputSchema } from '@hopbox/contracts/hosts';
import { messages } from '@hopbox/contracts/messages';
import type { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../auth/users-repository.ts';
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

export function createHost(deps: AppDeps, input: ParsedHostInput) {
  return guardCodeConflict(() => repo.insertHost(deps.db, input));
}

export async function updateHost(deps: AppDeps, id: number, input: ParsedHostInput) {
  const host = await guardCodeConflict(() => repo.updateHost(deps.db, id, input));
  if (!host) throw notFound(messages.hosts.notFound);
  return host;
}

export async function setHostActive(deps: AppDeps, id: number, active: boolean) {
  const host = await repo.updateHost(deps.db, id, { active });
  if (!host) throw notFound(messages.hosts.notFound);
  return host;
}

export async function toggleRemoteService(deps: AppDeps, id: number) {
  const host = await repo.toggleRemoteService(deps.db, id);
  if (!host) throw notFound(messages.hosts.notFound);
  return host;
}

/** A host that shipments point at is kept for their history: deactivate it instead. */
export async function deleteHost(deps: AppDeps, id: number) {
  await getHost(deps, id);
  if (await repo.hostIsUsed(deps.db, id)) throw conflict('This host has shipments and cannot be deleted. Deactivate it instead.');
  await repo.deleteHost(deps.db, id);
}

export type { HostInput };

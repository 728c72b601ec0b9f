import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authAttempts } from '../../db/schema.ts';
import { minutesAgo } from '../../lib/time.ts';

export type AttemptKind = 'signin' | 'forgot';

export async function countRecentAttempts(db: Executor, kind: AttemptKind, key: string, windowMinutes: number) {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), gte(authAttempts.createdAt, minutesAgo(windowMinutes))));
  return row?.n ?? 0;
}

export async function recordAttempts(db: Executor, kind: AttemptKind, keys: string[]) {
  await db.insert(authAttempts).values(keys.map((key) => ({ kind, key })));
}

export async function pruneAttempts(db: Executor, olderThanMinutes: number) {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, minutesAgo(olderThanMinutes)));
}

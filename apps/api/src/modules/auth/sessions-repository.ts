import type { Role } from '@hopbox/contracts/constants';
import { and, eq, getTableColumns, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { refreshTokens, sessions, users } from '../../db/schema.ts';
import { claimSingleUseToken } from './single-use-token.ts';

export type AuthUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'role'> & { role: Role };

const { passwordHash: _omit, ...userColumns } = getTableColumns(users);

const sessionUserStatement = (db: Executor) =>
  prepared(
    db,
    'session_user',
    (d) =>
      d
        .select({ user: userColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), isNull(sessions.revokedAt)),
        )
        .limit(1)
        .prepare('session_user'),
    'sessions',
  );

/** The session's user when the session exists, belongs to that user and is not revoked (every signed-in request asks). */
export async function findActiveSessionUser(db: Executor, sessionId: number, userId: number): Promise<AuthUser | undefined> {
  const [row] = await sessionUserStatement(db).execute({ sessionId, userId });
  return row?.user as AuthUser | undefined;
}

export async function insertSession(db: Executor, userId: number, userAgent: string | undefined) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function revokeSession(db: Executor, sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but `keepSessionId` (all of them when it is undefined). */
export async function revokeUserSessions(db: Executor, userId: number, reason: string, keepSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}

export async function insertRefreshToken(db: Executor, sessionId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      sessionRevokedAt: sessions.revokedAt,
      sessionCreatedAt: sessions.createdAt,
      userId: sessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Deletes refresh tokens past their expiry: they can neither refresh nor reveal a reuse any more. */
export async function pruneExpiredRefreshTokens(db: Executor, now = new Date()) {
  const gone = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id });
  return gone.length;
}

/** Marks the token used; false when another request used it first (then it counts as reuse). */
export const claimRefreshToken = (db: Executor, id: number) => claimSingleUseToken(db, refreshTokens, id);

import { LIST_MAX_ROWS, type Role } from '@hopbox/contracts/constants';
import { and, desc, eq, exists, getTableColumns, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { refreshTokens, sessions, users } from '../../db/schema.ts';
import { claimSingleUseToken } from './single-use-token.ts';

/** The user of a live session, and whether that session passed the second factor (decision 049). */
export type AuthUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'role'> & { role: Role; mfaVerified: boolean };

const { passwordHash: _omit, ...userColumns } = getTableColumns(users);

const sessionUserStatement = (db: Executor) =>
  prepared(
    db,
    'session_user',
    (d) =>
      d
        .select({ user: userColumns, mfaVerifiedAt: sessions.mfaVerifiedAt })
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
  return row && ({ ...row.user, mfaVerified: row.mfaVerifiedAt !== null } as AuthUser);
}

export async function insertSession(db: Executor, userId: number, userAgent: string | undefined, ipAddress?: string) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null, ipAddress: ipAddress?.slice(0, 45) ?? null })
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

/** Ends every session of the user but `keepSessionId` (all of them when it is undefined); answers the ids it ended. */
export async function revokeUserSessions(db: Executor, userId: number, reason: string, keepSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** Ends one session when it is the user's and still live; false when there is no such session. */
export async function revokeSessionOfUser(db: Executor, userId: number, sessionId: number, reason: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * The user's sessions that can still be used at `now`: not revoked, and holding an unused refresh token that has
 * not expired (the absolute lifetime caps every token's expiry). Most recently seen first.
 */
export async function listLiveSessions(db: Executor, userId: number, now: Date) {
  const usable = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessions.id), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)));
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exists(usable)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(LIST_MAX_ROWS);
}

/**
 * Moves the session's last seen time to `seenAt` and its address to `ipAddress`, only when it was last written at
 * or before `staleBefore`: one conditional update, so many processes write a session at most once an interval.
 */
export async function markSessionSeen(db: Executor, sessionId: number, ipAddress: string, seenAt: Date, staleBefore: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: seenAt, ipAddress: ipAddress.slice(0, 45) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), lte(sessions.lastSeenAt, staleBefore)));
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

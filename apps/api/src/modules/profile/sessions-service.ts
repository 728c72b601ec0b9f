import { sessionMessages, type UserSession } from '@hopbox/contracts/user-sessions';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { listLiveSessions, revokeSessionOfUser, revokeUserSessions } from '../auth/sessions-repository.ts';
import { describeUserAgent, maskIpAddress, placeOf } from './session-description.ts';

/** The request asking: its session, and the address it comes from. */
export interface CurrentSession {
  sessionId: number;
  ip: string;
}

/**
 * The account's sessions that can still be used, the current one first (its last seen time is now and its
 * address this request's), then by when they were last seen.
 */
export async function listSessions(deps: AppDeps, userId: number, current: CurrentSession): Promise<UserSession[]> {
  const now = deps.clock.now();
  const rows = await listLiveSessions(deps.db, userId, now);
  const answered = rows.map((row) => {
    const isCurrent = row.id === current.sessionId;
    const ip = isCurrent ? current.ip : row.ipAddress;
    return {
      id: row.id,
      ...describeUserAgent(row.userAgent),
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: (isCurrent ? now : row.lastSeenAt).toISOString(),
      ipAddress: maskIpAddress(ip),
      place: placeOf(ip),
      current: isCurrent,
    };
  });
  return [...answered.filter((s) => s.current), ...answered.filter((s) => !s.current)];
}

/**
 * Signs out one of the account's sessions: its access tokens stop working at the next session check (the cache
 * forgets it in every process), its refresh tokens with it. The current session may be signed out too: that is
 * signing out. Another account's session, or one already ended, is not found.
 */
export async function revokeSession(deps: AppDeps, userId: number, sessionId: number) {
  const revoked = await deps.db.transaction(async (tx) => {
    if (!(await revokeSessionOfUser(tx, userId, sessionId, 'signed-out-from-profile'))) return false;
    await recordAudit(tx, { actorId: userId, action: 'session.revoked', entityType: 'user', entityId: userId, after: { sessionId } });
    return true;
  });
  if (!revoked) throw notFound(sessionMessages.notFound);
  await deps.sessions.changed({ sessionId });
  return { success: true as const, message: sessionMessages.signedOut };
}

/** Signs out every session of the account but the current one; answers how many it ended. */
export async function revokeOtherSessions(deps: AppDeps, userId: number, currentSessionId: number) {
  const ended = await deps.db.transaction(async (tx) => {
    const ids = await revokeUserSessions(tx, userId, 'signed-out-from-profile', currentSessionId);
    if (ids.length > 0) {
      await recordAudit(tx, {
        actorId: userId,
        action: 'session.others-revoked',
        entityType: 'user',
        entityId: userId,
        after: { sessionIds: ids },
      });
    }
    return ids;
  });
  if (ended.length > 0) await deps.sessions.changed({ userId });
  return { success: true as const, message: sessionMessages.othersSignedOut(ended.length), revoked: ended.length };
}

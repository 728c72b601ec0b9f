import { publicApi, REFRESH_MARGIN_MS, refreshSession } from '@/lib/api-client';
import { isTokenExpired } from '@/lib/jwt';
import { endSession, getSession } from '@/lib/session';

/**
 * POST /api/auth/logout with the bearer, so the server revokes the session and its refresh
 * token; then the stored session is cleared whatever the answer (the user asked to leave).
 */
export async function signOut(): Promise<void> {
  let session = getSession();
  if (session?.refreshToken && isTokenExpired(session.token, Date.now(), REFRESH_MARGIN_MS)) {
    await refreshSession(session.token);
    session = getSession();
  }
  if (session) {
    await publicApi.POST('/api/auth/logout', { headers: { Authorization: `Bearer ${session.token}` } }).catch(() => undefined);
  }
  endSession('signout');
}

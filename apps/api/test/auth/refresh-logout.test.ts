import { SESSION_MAX_AGE_DAYS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/crypto.ts';
import { expectError, useTestApp } from '../helper.ts';

describe('refresh tokens and logout', () => {
  const s = useTestApp(async (t) => ({
    account: await t.createUser('user'),
  }));

  const refresh = (refreshToken: unknown) =>
    s.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } as object });
  const profile = (token: string) =>
    s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: { authorization: `Bearer ${token}` } });
  const signIn = () => s.t.signIn(s.account.email, s.account.password);
  /** POST /api/auth/logout without a body but with a JSON content type, as the web app sends it; with the token's bearer header if given. */
  const logout = (token?: string) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
    });

  describe('POST /api/auth/refresh', () => {
    it('rotates: a new access token and a new refresh token, and the old refresh token then fails', async () => {
      const session = await signIn();
      const res = await refresh(session.refreshToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['refreshToken', 'success', 'token', 'user']);
      expect(body.refreshToken).not.toBe(session.refreshToken);
      expect(body.user).toMatchObject({ id: s.account.id, role: 'user', email: s.account.email });
      expect((await profile(body.token)).statusCode).toBe(200);

      // A second use of the rotated token is refused...
      expectError(await refresh(session.refreshToken), 401, messages.auth.refreshTokenInvalid);
    });

    it('revokes the whole session family when a rotated token is used again', async () => {
      const session = await signIn();
      const first = (await refresh(session.refreshToken)).json();
      const second = (await refresh(first.refreshToken)).json();
      expect((await profile(second.token)).statusCode).toBe(200);

      // An attacker replays the first rotated-away token: the session is revoked.
      expectError(await refresh(first.refreshToken), 401, messages.auth.refreshTokenInvalid);
      // The newest refresh token of that session no longer works...
      expectError(await refresh(second.refreshToken), 401, messages.auth.refreshTokenInvalid);
      // ...and neither do the access tokens of the session, before their expiry.
      expectError(await profile(second.token), 401, messages.transport.sessionExpired);
      expectError(await profile(session.token), 401, messages.transport.sessionExpired);
    });

    it('leaves the other sessions of the same user alone when one family is revoked', async () => {
      const stolen = await signIn();
      const other = await signIn();
      const rotated = (await refresh(stolen.refreshToken)).json();
      expect(rotated.token).toBeDefined();
      expectError(await refresh(stolen.refreshToken), 401, messages.auth.refreshTokenInvalid);
      expectError(await profile(rotated.token), 401, messages.transport.sessionExpired);

      expect((await profile(other.token)).statusCode).toBe(200);
      const otherRefreshed = await refresh(other.refreshToken);
      expect(otherRefreshed.statusCode).toBe(200);
      expect((await profile(otherRefreshed.json().token)).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token, and a missing one with 400', async () => {
      expectError(await refresh('not-a-token-we-ever-issued'), 401, messages.auth.refreshTokenInvalid);
      expectError(await refresh(''), 400, messages.auth.refreshTokenInvalid, 'refreshToken');
      const missing = await s.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
      expectError(missing, 400, messages.auth.refreshTokenInvalid, 'refreshToken');
    });

    it('refuses an access token used as a refresh token', async () => {
      const session = await signIn();
      const res = await refresh(session.token);
      // An access JWT is longer than any refresh token, so the schema already refuses it (400).
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ success: false, message: messages.auth.refreshTokenInvalid });
      expect(res.json()).not.toHaveProperty('token');
    });

    it('refuses an expired refresh token', async () => {
      const session = await signIn();
      await s.t.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
      expectError(await refresh(session.refreshToken), 401, messages.auth.refreshTokenInvalid);
    });

    it(`ends a session ${SESSION_MAX_AGE_DAYS} days after its sign-in, however fresh its refresh token`, async () => {
      const DAY = 86_400_000;
      const session = await signIn();
      const sessionId = Number(decodeJwt(session.token).sid);
      const signedInDaysAgo = (days: number) =>
        s.t.db
          .update(sessions)
          .set({ createdAt: new Date(Date.now() - days * DAY) })
          .where(eq(sessions.id, sessionId));

      // A day before the end, it still refreshes, and the new token expires with the session, not 30 days later.
      await signedInDaysAgo(SESSION_MAX_AGE_DAYS - 1);
      const lastRefresh = await refresh(session.refreshToken);
      expect(lastRefresh.statusCode).toBe(200);
      const fresh = lastRefresh.json() as { token: string; refreshToken: string };
      const [row] = await s.t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(fresh.refreshToken)));
      expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (Date.now() + DAY))).toBeLessThan(60_000);

      // Past the end, even that fresh token is refused, and the session is over.
      await signedInDaysAgo(SESSION_MAX_AGE_DAYS + 0.01);
      expectError(await refresh(fresh.refreshToken), 401, messages.auth.refreshTokenInvalid);
      expectError(await profile(fresh.token), 401, messages.transport.sessionExpired);
    });

    it('stores refresh tokens only as a hash', async () => {
      const session = await signIn();
      const byHash = await s.t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
      expect(byHash).toHaveLength(1);
      const byPlain = await s.t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, session.refreshToken));
      expect(byPlain).toHaveLength(0);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('takes a body-less POST with a JSON content type and ends the session', async () => {
      const session = await signIn();
      const res = await logout(session.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: messages.auth.signedOut });

      expectError(await profile(session.token), 401, 'Your session has expired. Please sign in again.');
      expectError(await refresh(session.refreshToken), 401, messages.auth.refreshTokenInvalid);
    });

    it('also takes an empty JSON object and no content type at all', async () => {
      const a = await signIn();
      const withObject = await s.t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${a.token}` },
        payload: {},
      });
      expect(withObject.statusCode).toBe(200);
      expectError(await profile(a.token), 401, messages.transport.sessionExpired);

      const b = await signIn();
      const bare = await s.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${b.token}` } });
      expect(bare.statusCode).toBe(200);
      expectError(await profile(b.token), 401, messages.transport.sessionExpired);
    });

    it('ends only the session of the token: other devices stay signed in', async () => {
      const leaving = await signIn();
      const staying = await signIn();
      const res = await logout(leaving.token);
      expect(res.statusCode).toBe(200);
      expectError(await profile(leaving.token), 401, messages.transport.sessionExpired);
      expect((await profile(staying.token)).statusCode).toBe(200);
      expect((await refresh(staying.refreshToken)).statusCode).toBe(200);
    });

    it('answers 401 without a token, and for a token already logged out', async () => {
      expectError(await logout(), 401, messages.transport.sessionExpired);

      const session = await signIn();
      expect((await logout(session.token)).statusCode).toBe(200);
      expectError(await logout(session.token), 401, messages.transport.sessionExpired);
    });
  });
});

import { messages } from '@hopbox/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { SessionCache } from '../../src/modules/auth/session-cache.ts';
import type { AuthUser } from '../../src/modules/auth/sessions-repository.ts';
import { expectError, useTestApp } from '../helper.ts';

// Decision 021: each API process holds the users of live sessions a few seconds. These tests run a second
// app on the same database, as a second process behind the load balancer would.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: bearer(token) });

/** Polls until the request answers `status`; the other process hears of a change a moment after the commit. */
async function eventuallyStatus<R extends { statusCode: number }>(request: () => Promise<R>, status: number, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  let last = await request();
  while (last.statusCode !== status && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    last = await request();
  }
  return last;
}

describe('session cache across API processes', () => {
  const s = useTestApp(async (t) => {
    const listening = await buildApp({ config: t.config, db: t.db, listen: t.listen, logger: false, webDist: null });
    // A process that hears nothing (its listening connection is down), with a one-second time to live.
    const deaf = await buildApp({ config: { ...t.config, sessionCacheSeconds: 1 }, db: t.db, logger: false, webDist: null });
    return { listening, deaf };
  });
  afterAll(async () => {
    await s.listening?.close();
    await s.deaf?.close();
  });

  const twoSessions = async () => {
    const account = await s.t.createUser('user');
    const kept = await s.t.signIn(account.email, account.password);
    const other = await s.t.signIn(account.email, account.password);
    return { account, kept, other };
  };
  const changePassword = (token: string, currentPassword: string) =>
    s.t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword: 'a-new-secret-123' },
    });

  it('a password change in one process signs the other sessions out in every process', async () => {
    const { account, kept, other } = await twoSessions();
    // The second process has just read the other session's user, so it holds it.
    expect((await profile(s.listening, other.token)).statusCode).toBe(200);

    expect((await changePassword(kept.token, account.password)).statusCode).toBe(200);

    expect((await eventuallyStatus(() => profile(s.listening, other.token), 401)).statusCode).toBe(401);
    expectError(await profile(s.t.app, other.token), 401, messages.transport.sessionExpired);
    expect((await profile(s.listening, kept.token)).statusCode).toBe(200);
  });

  it('a logout in one process ends the token in the other', async () => {
    const { other } = await twoSessions();
    expect((await profile(s.listening, other.token)).statusCode).toBe(200);
    const out = await s.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) });
    expect(out.statusCode).toBe(200);
    expectError(await eventuallyStatus(() => profile(s.listening, other.token), 401), 401, messages.transport.sessionExpired);
  });

  it('a profile change shows at once in its own process and a moment later in the other', async () => {
    const { account, kept } = await twoSessions();
    const firstName = (app: FastifyInstance) => profile(app, kept.token).then((r) => r.json().user.firstName as string);
    expect(await firstName(s.listening)).toBe('Test');
    expect(await firstName(s.t.app)).toBe('Test');
    const res = await s.t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(kept.token),
      payload: { firstName: 'Renamed', lastName: 'Customer', email: account.email, phone: '+971500000001' },
    });
    expect(res.statusCode).toBe(200);
    expect(await firstName(s.t.app)).toBe('Renamed');
    const until = Date.now() + 3000;
    while ((await firstName(s.listening)) !== 'Renamed' && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await firstName(s.listening)).toBe('Renamed');
  });

  it('a process that missed the notice trusts its copy no longer than SESSION_CACHE_SECONDS', async () => {
    const { account, kept, other } = await twoSessions();
    expect((await profile(s.deaf, other.token)).statusCode).toBe(200);
    expect((await changePassword(kept.token, account.password)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expectError(await profile(s.deaf, other.token), 401, messages.transport.sessionExpired);
  });
});

describe('SessionCache', () => {
  const user = (id: number) => ({ id }) as AuthUser;
  const counting = () => {
    let loads = 0;
    return {
      load: (u: AuthUser) => async () => {
        loads += 1;
        return u;
      },
      get loads() {
        return loads;
      },
    };
  };

  it('asks the database once while the entry is fresh, and again once its user changed', async () => {
    const cache = new SessionCache({ db: { execute: async () => ({}) } as never }, 5000);
    const c = counting();
    await cache.user(1, 7, c.load(user(7)));
    await cache.user(1, 7, c.load(user(7)));
    expect(c.loads).toBe(1);
    await cache.changed({ userId: 7 });
    await cache.user(1, 7, c.load(user(7)));
    expect(c.loads).toBe(2);
  });

  it('lets the requests that find the entry expired together wait for one load', async () => {
    const cache = new SessionCache({ db: { execute: async () => ({}) } as never }, 5000);
    let loads = 0;
    let answer: (u: AuthUser) => void = () => {};
    const slowLoad = () => {
      loads += 1;
      return new Promise<AuthUser>((resolve) => {
        answer = resolve;
      });
    };
    const waiting = Array.from({ length: 20 }, () => cache.user(1, 7, slowLoad));
    expect(loads).toBe(1);
    answer(user(7));
    for (const u of await Promise.all(waiting)) expect(u?.id).toBe(7);
    // Another user's token with the same session id never shares the load.
    expect(await cache.user(1, 8, async () => undefined)).toBeUndefined();
  });

  it('does not share a load that a change overtook: a request after a sign-out asks the database again', async () => {
    const cache = new SessionCache({ db: { execute: async () => ({}) } as never }, 5000);
    let answerFirst: (u: AuthUser) => void = () => {};
    const first = cache.user(1, 7, () => new Promise<AuthUser>((resolve) => (answerFirst = resolve)));
    await cache.changed({ sessionId: 1 });
    const afterSignOut = cache.user(1, 7, async () => undefined);
    answerFirst(user(7));
    expect((await first)?.id).toBe(7);
    expect(await afterSignOut).toBeUndefined();
  });

  it('never answers a cached user for a token of another user with the same session id', async () => {
    const cache = new SessionCache({ db: { execute: async () => ({}) } as never }, 5000);
    await cache.user(1, 7, async () => user(7));
    expect(await cache.user(1, 8, async () => undefined)).toBeUndefined();
  });

  it('does not keep a load that a change overtook, and forgets everything when its listener drops', async () => {
    let dropped = () => {};
    const cache = new SessionCache(
      {
        db: { execute: async () => ({}) } as never,
        listen: async (_channel, _onMessage, onLost) => {
          dropped = onLost;
          return async () => {};
        },
      },
      5000,
    );
    await cache.listen();
    const c = counting();
    // A change lands while the database answers: the answer may predate it, so it is not kept.
    await cache.user(1, 7, async () => {
      await cache.changed({ sessionId: 1 });
      return user(7);
    });
    await cache.user(1, 7, c.load(user(7)));
    expect(c.loads).toBe(1);
    dropped();
    await cache.user(1, 7, c.load(user(7)));
    expect(c.loads).toBe(2);
    await cache.close();
  });
});

import { messages } from '@hopbox/contracts/messages';
import { SESSION_SEEN_INTERVAL_MINUTES, sessionMessages, type UserSession } from '@hopbox/contracts/user-sessions';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { auditLog, refreshTokens } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { expectError, useTestApp } from '../helper.ts';

// Issue 25's sessions (decision 050): Profile lists where the account is signed in and signs out any or all others.

const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Addresses the shipped IP2Location LITE data places in the United Arab Emirates and the United Kingdom. */
const DUBAI_IP = '94.200.0.1';
const LONDON_IP = '81.2.69.142';
const MINUTE = 60_000;

interface Device {
  token: string;
  refreshToken: string;
  ip: string;
}

describe('the sessions an account controls', () => {
  const clock = settableClock();
  const s = useTestApp({}, undefined, { clock });
  beforeEach(() => clock.set(new Date()));

  async function signInFrom(account: { email: string; password: string }, userAgent: string, ip: string): Promise<Device> {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { email: account.email, password: account.password, userType: 'user' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json() as { token: string; refreshToken: string }), ip };
  }
  const call = (device: Device, method: 'GET' | 'DELETE' | 'POST', url: string) =>
    s.t.app.inject({ method, url, headers: { authorization: `Bearer ${device.token}` }, remoteAddress: device.ip });
  const profile = (device: Device) => call(device, 'GET', '/api/auth/user/profile');
  async function list(device: Device): Promise<UserSession[]> {
    const res = await call(device, 'GET', '/api/user/sessions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  const refresh = (device: Device) =>
    s.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: device.refreshToken }, remoteAddress: device.ip });
  const sessionIdOf = async (device: Device) => (await list(device)).find((x) => x.current)?.id as number;
  /** A customer signed in on a laptop in Dubai and a phone in London. */
  async function laptopAndPhone() {
    const account = await s.t.createUser('user');
    const laptop = await signInFrom(account, LAPTOP, DUBAI_IP);
    const phone = await signInFrom(account, PHONE, LONDON_IP);
    return { account, laptop, phone };
  }

  it('lists this session first and the other with their devices, networks and countries', async () => {
    const { laptop, phone } = await laptopAndPhone();
    const other = { ...(await s.t.userWithToken('user')), ip: DUBAI_IP };

    const sessions = await list(laptop);

    expect(sessions).toHaveLength(2);
    const [here, there] = sessions;
    expect(here).toMatchObject({
      device: 'Computer',
      browser: 'Chrome 131',
      os: 'Linux',
      ipAddress: '94.200.0.*',
      place: 'United Arab Emirates',
      current: true,
      lastSeenAt: clock.now().toISOString(),
    });
    expect(there).toMatchObject({
      device: 'iPhone',
      browser: 'Safari 17',
      os: 'iOS',
      ipAddress: '81.2.69.*',
      place: 'United Kingdom',
      current: false,
    });
    expect(Object.keys(here as object).sort()).toEqual(
      ['browser', 'current', 'device', 'firstSeenAt', 'id', 'ipAddress', 'lastSeenAt', 'os', 'place'].sort(),
    );
    expect(Date.parse(there?.firstSeenAt as string)).not.toBeNaN();
    expect((await list(phone)).map((x) => [x.id, x.current])).toEqual([
      [there?.id, true],
      [here?.id, false],
    ]);
    expect((await list(other)).map((x) => x.id)).not.toContain(here?.id);
  });

  it('leaves out sessions signed out or whose refresh tokens have expired', async () => {
    const { laptop, phone } = await laptopAndPhone();
    const phoneId = await sessionIdOf(phone);
    await s.t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(refreshTokens.sessionId, phoneId));
    expect((await list(laptop)).map((x) => x.current)).toEqual([true]);
  });

  it("signs out another session: its access and refresh tokens fail, this one goes on, and the owner's trail has it", async () => {
    const { account, laptop, phone } = await laptopAndPhone();
    const phoneId = await sessionIdOf(phone);
    expect((await profile(phone)).statusCode).toBe(200);

    const res = await call(laptop, 'DELETE', `/api/user/sessions/${phoneId}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: sessionMessages.signedOut });
    expectError(await profile(phone), 401, messages.transport.sessionExpired);
    expectError(await refresh(phone), 401, messages.auth.refreshTokenInvalid);
    expect((await profile(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((x) => x.id)).not.toContain(phoneId);
    const trail = await s.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, account.id)));
    expect(trail).toMatchObject([{ actorId: account.id, action: 'session.revoked', after: { sessionId: phoneId } }]);
    // Signed out already: there is nothing left to sign out.
    expectError(await call(laptop, 'DELETE', `/api/user/sessions/${phoneId}`), 404, sessionMessages.notFound);
  });

  it("answers 404 for another account's session and leaves it signed in", async () => {
    const { laptop } = await laptopAndPhone();
    const stranger = await laptopAndPhone();
    const strangerId = await sessionIdOf(stranger.phone);

    expectError(await call(laptop, 'DELETE', `/api/user/sessions/${strangerId}`), 404, sessionMessages.notFound);
    expectError(await call(laptop, 'DELETE', '/api/user/sessions/2147483647'), 404, sessionMessages.notFound);
    expect((await call(laptop, 'DELETE', '/api/user/sessions/abc')).statusCode).toBe(400);
    expect((await profile(stranger.phone)).statusCode).toBe(200);
  });

  it('signs out this session when asked to: that is signing out', async () => {
    const { laptop, phone } = await laptopAndPhone();
    const res = await call(laptop, 'DELETE', `/api/user/sessions/${await sessionIdOf(laptop)}`);
    expect(res.statusCode, res.body).toBe(200);
    expectError(await profile(laptop), 401, messages.transport.sessionExpired);
    expect((await profile(phone)).statusCode).toBe(200);
  });

  it('signs out every other session at once, and says when there was none', async () => {
    const { account, laptop, phone } = await laptopAndPhone();
    const tablet = await signInFrom(account, PHONE.replace('iPhone;', 'iPad;'), LONDON_IP);

    const res = await call(laptop, 'POST', '/api/user/sessions/revoke-others');

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: sessionMessages.othersSignedOut(2), revoked: 2 });
    for (const gone of [phone, tablet]) {
      expectError(await profile(gone), 401, messages.transport.sessionExpired);
      expectError(await refresh(gone), 401, messages.auth.refreshTokenInvalid);
    }
    expect((await list(laptop)).map((x) => x.current)).toEqual([true]);
    const again = await call(laptop, 'POST', '/api/user/sessions/revoke-others');
    expect(again.json()).toEqual({ success: true, message: sessionMessages.othersSignedOut(0), revoked: 0 });
  });

  it('moves last seen and the address at most once an interval, in any number of processes', async () => {
    const { laptop, phone } = await laptopAndPhone();
    const phoneSeen = async () => {
      await s.t.app.deps.activity.settled();
      const found = (await list(laptop)).find((x) => !x.current);
      return { lastSeenAt: found?.lastSeenAt, ipAddress: found?.ipAddress };
    };
    const signedIn = await phoneSeen();
    const travelled = { ...phone, ip: '8.8.8.8' };

    clock.advance(MINUTE);
    expect((await profile(travelled)).statusCode).toBe(200);
    expect(await phoneSeen()).toEqual(signedIn);

    clock.advance(SESSION_SEEN_INTERVAL_MINUTES * MINUTE);
    const due = clock.now().toISOString();
    expect((await profile(travelled)).statusCode).toBe(200);
    expect(await phoneSeen()).toEqual({ lastSeenAt: due, ipAddress: '8.8.8.*' });

    clock.advance(MINUTE);
    expect((await profile(phone)).statusCode).toBe(200);
    expect(await phoneSeen()).toEqual({ lastSeenAt: due, ipAddress: '8.8.8.*' });

    // A second process has written nothing yet, but the database refuses a write within the interval.
    const second = await buildApp({ config: s.t.config, db: s.t.db, logger: false, webDist: null, clock });
    try {
      const fromSecond = await second.inject({
        method: 'GET',
        url: '/api/auth/user/profile',
        headers: { authorization: `Bearer ${phone.token}` },
        remoteAddress: DUBAI_IP,
      });
      expect(fromSecond.statusCode).toBe(200);
      await second.deps.activity.settled();
    } finally {
      await second.close();
    }
    expect(await phoneSeen()).toEqual({ lastSeenAt: due, ipAddress: '8.8.8.*' });
  });
});

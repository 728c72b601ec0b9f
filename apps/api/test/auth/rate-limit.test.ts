import { messages } from '@hopbox/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../src/db/schema.ts';
import { buildTestApp, expectError, type TestApp, uniqueIp } from '../helper.ts';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('rate limits on sign-in and forgot-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password, userType: 'user' }, remoteAddress });
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/user/forgot-password', payload: { email }, remoteAddress });

  describe('sign-in', () => {
    it('answers the 11th attempt for one email with 429 after 10 failures, even with the right password and from another client', async () => {
      const user = await t.createUser('user');
      for (let i = 0; i < 10; i++) {
        // A different client each time: the limit follows the email, not only the address.
        expectError(await signIn(user.email, `wrong-${i}`, uniqueIp()), 401, messages.auth.invalidCredentials);
      }
      const blocked = await signIn(user.email, user.password, uniqueIp());
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, error: 'Too Many Requests', message: TOO_MANY });
      // The email in another case is the same account, so it is limited too.
      expectError(await signIn(user.email.toUpperCase(), user.password, uniqueIp()), 429, TOO_MANY);

      // Other accounts are not affected.
      const other = await t.createUser('user');
      expect((await signIn(other.email, other.password, uniqueIp())).statusCode).toBe(200);
    });

    it('does not count successful sign-ins, and forgets failures after 15 minutes', async () => {
      const user = await t.createUser('user');
      const ip = uniqueIp();
      for (let i = 0; i < 9; i++) expect((await signIn(user.email, `wrong-${i}`, ip)).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
      // Nine failures and three successes: this is only the tenth failure.
      expectError(await signIn(user.email, 'wrong-again', ip), 401, messages.auth.invalidCredentials);
      expectError(await signIn(user.email, user.password, ip), 429, TOO_MANY);

      // Only the last 15 minutes count: once those failures are 16 minutes old, the right password works again.
      await t.db
        .update(authAttempts)
        .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
        .where(sql`${authAttempts.key} in (${`email:${user.email}`}, ${`ip:${ip}`})`);
      expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
    });

    it('limits one client trying many emails, and leaves other clients alone', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 10; i++) {
        expectError(await signIn(`guess-${i}@example.com`, 'password1', ip), 401, messages.auth.invalidCredentials);
      }
      const user = await t.createUser('user');
      // The 11th attempt from that client is refused, even for a real account and its right password...
      expectError(await signIn(user.email, user.password, ip), 429, TOO_MANY);
      expectError(await signIn('guess-99@example.com', 'password1', ip), 429, TOO_MANY);
      // ...while the same account signs in from another client.
      expect((await signIn(user.email, user.password, uniqueIp())).statusCode).toBe(200);
    });
  });

  describe('forgot-password', () => {
    it('answers the 6th request from one client within the window with 429, for a known and an unknown email alike', async () => {
      const user = await t.createUser('user');
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) {
        const res = await forgot(`someone-${i}@example.com`, ip);
        expect(res.statusCode).toBe(200);
      }
      const blocked = await forgot('someone-5@example.com', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, error: 'Too Many Requests', message: TOO_MANY });
      // Being limited reveals nothing about which accounts exist.
      const known = await forgot(user.email, ip);
      expect(known.statusCode).toBe(429);
      expect(known.body).toBe(blocked.body);
      await new Promise((r) => setTimeout(r, 200));
      expect(t.mailsTo(user.email)).toHaveLength(0);
      // Another client is not affected.
      expect((await forgot('someone-5@example.com', uniqueIp())).statusCode).toBe(200);
    });

    it('limits one email asked for from many clients, and sends no more mails once limited', async () => {
      const user = await t.createUser('user');
      for (let i = 0; i < 5; i++) expect((await forgot(user.email, uniqueIp())).statusCode).toBe(200);
      expectError(await forgot(user.email, uniqueIp()), 429, TOO_MANY);
      // Give the background mail of the last allowed request time to land, then count.
      await new Promise((r) => setTimeout(r, 300));
      expect(t.mailsTo(user.email)).toHaveLength(5);
    });
  });
});

import { SIGNIN_CLIENT_FAILURE_LIMIT, SIGNIN_FAILURE_LIMIT, SIGNIN_SLOWDOWN } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { like, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { pruneRateLimits } from '../../src/modules/rate-limits/rate-limits-repository.ts';
import { expectError, statusCounts, uniqueIp, useTestApp } from '../helper.ts';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
/** The parallel floods below queue many argon2id checks on a busy machine: give them time instead of a 503. */
const PATIENT = { PASSWORD_HASH_QUEUE_MS: '30000' };

describe('rate limits on sign-in and forgot-password', () => {
  const s = useTestApp(PATIENT);

  const signIn = (email: string, password: string, remoteAddress: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password, userType: 'user' }, remoteAddress });
  const forgot = (email: string, remoteAddress: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/auth/user/forgot-password', payload: { email }, remoteAddress });

  describe('sign-in', () => {
    it('counts parallel wrong passwords atomically: of 25 from one client for one email only the limit get 401, the rest 429', async () => {
      const user = await s.t.createUser('user');
      const ip = uniqueIp();
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(user.email, `wrong-${i}`, ip)));
      expect(statusCounts(answers)).toEqual({ 401: SIGNIN_FAILURE_LIMIT, 429: 25 - SIGNIN_FAILURE_LIMIT });
      for (const res of answers.filter((r) => r.statusCode === 429)) {
        expect(res.json()).toEqual({ success: false, error: 'Too Many Requests', message: TOO_MANY, code: 'RATE_LIMITED' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // That client stays refused for that email, even with the right password...
      expectError(await signIn(user.email, user.password, ip), 429, TOO_MANY);
      // ...and for the email in another case, which is the same account.
      expectError(await signIn(user.email.toUpperCase(), user.password, ip), 429, TOO_MANY);
    });

    it('never locks the owner out: after 25 wrong passwords from 25 clients, the right one from another client signs in after a capped delay', async () => {
      for (const role of ['user', 'admin'] as const) {
        const account = await s.t.createUser(role);
        const attack = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(account.email, `wrong-${i}`, uniqueIp())));
        expect(statusCounts(attack)).toEqual({ 401: 25 });

        const started = Date.now();
        const owner = await signIn(account.email, account.password, uniqueIp());
        const took = Date.now() - started;
        expect(owner.statusCode, owner.body).toBe(200);
        expect(owner.json().user.role).toBe(role);
        // Slowed down, but only up to the cap.
        expect(took).toBeGreaterThanOrEqual(SIGNIN_SLOWDOWN.maxMs - 100);
        expect(took).toBeLessThan(SIGNIN_SLOWDOWN.maxMs + 5000);
      }
    });

    it('does not count successful sign-ins, and forgets failures once the window has passed', async () => {
      const user = await s.t.createUser('user');
      const ip = uniqueIp();
      const failures = await Promise.all(Array.from({ length: SIGNIN_FAILURE_LIMIT - 1 }, (_, i) => signIn(user.email, `wrong-${i}`, ip)));
      expect(statusCounts(failures)).toEqual({ 401: SIGNIN_FAILURE_LIMIT - 1 });
      expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
      // Nine failures and a success: this is only the tenth failure; the eleventh attempt is refused.
      expectError(await signIn(user.email, 'wrong-again', ip), 401, messages.auth.invalidCredentials);
      expectError(await signIn(user.email, user.password, ip), 429, TOO_MANY);

      // Move the counters of that email into a window that has ended: the right password works again.
      await s.t.db
        .update(rateLimits)
        .set({ windowStart: new Date(Date.now() - 60 * 60_000), expiresAt: new Date(Date.now() - 45 * 60_000) })
        .where(like(rateLimits.key, `%${user.email}%`));
      expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
    });

    it('limits one client trying many emails at once, and leaves other clients alone', async () => {
      const ip = uniqueIp();
      const tries = SIGNIN_CLIENT_FAILURE_LIMIT + 10;
      const answers = await Promise.all(Array.from({ length: tries }, (_, i) => signIn(`guess-${i}@example.com`, 'password1', ip)));
      expect(statusCounts(answers)).toEqual({ 401: SIGNIN_CLIENT_FAILURE_LIMIT, 429: 10 });
      const user = await s.t.createUser('user');
      // That client is refused, even for a real account and its right password...
      expectError(await signIn(user.email, user.password, ip), 429, TOO_MANY);
      // ...while the same account signs in from another client.
      expect((await signIn(user.email, user.password, uniqueIp())).statusCode).toBe(200);
    });
  });

  describe('forgot-password', () => {
    it('answers the 6th request from one client within the window with 429, for a known and an unknown email alike', async () => {
      const user = await s.t.createUser('user');
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) {
        const res = await forgot(`someone-${i}@example.com`, ip);
        expect(res.statusCode).toBe(200);
      }
      const blocked = await forgot('someone-5@example.com', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, error: 'Too Many Requests', message: TOO_MANY, code: 'RATE_LIMITED' });
      // Being limited reveals nothing about which accounts exist.
      const known = await forgot(user.email, ip);
      expect(known.statusCode).toBe(429);
      expect(known.body).toBe(blocked.body);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.t.mailsTo(user.email)).toHaveLength(0);
      // Another client is not affected.
      expect((await forgot('someone-5@example.com', uniqueIp())).statusCode).toBe(200);
    });

    it('counts parallel requests atomically: of 12 from one client only 5 are answered', async () => {
      const ip = uniqueIp();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot(`parallel-${i}@example.com`, ip)));
      expect(statusCounts(answers)).toEqual({ 200: 5, 429: 7 });
    });

    it('limits one email asked for from many clients, and sends no more mails once limited', async () => {
      const user = await s.t.createUser('user');
      for (let i = 0; i < 5; i++) expect((await forgot(user.email, uniqueIp())).statusCode).toBe(200);
      expectError(await forgot(user.email, uniqueIp()), 429, TOO_MANY);
      // Give the background mail of the last allowed request time to land, then count.
      await new Promise((r) => setTimeout(r, 300));
      expect(s.t.mailsTo(user.email)).toHaveLength(5);
    });
  });

  describe('pruneRateLimits', () => {
    it('deletes only the counters whose window has ended', async () => {
      const ip = uniqueIp();
      await signIn('prune-me@example.com', 'password1', ip);
      const before = await s.t.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${ip}%`));
      expect(before.length).toBeGreaterThan(0);
      const ended = await s.t.db.select().from(rateLimits).where(lte(rateLimits.expiresAt, new Date()));

      // Nothing of this window goes...
      expect(await pruneRateLimits(s.t.db)).toBe(ended.length);
      expect(
        await s.t.db
          .select()
          .from(rateLimits)
          .where(like(rateLimits.key, `%${ip}%`)),
      ).toHaveLength(before.length);
      // ...and everything goes once its window is over.
      expect(await pruneRateLimits(s.t.db, new Date(Date.now() + 24 * 60 * 60_000))).toBeGreaterThanOrEqual(before.length);
      expect(await s.t.db.select().from(rateLimits)).toHaveLength(0);
    });
  });
});

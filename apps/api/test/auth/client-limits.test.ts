import { RATE_LIMIT_DEFAULTS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  expectError,
  expectExactError,
  type Headers,
  refreshSession,
  signUp,
  signUpBody,
  statusCounts,
  uniqueIp,
  useTestApp,
} from '../helper.ts';

const TOO_MANY = messages.transport.tooManyRequests;
/** Sends one request per item, each after the answer to the one before, so a limit counts them in order: the answers, in order. */
async function inTurn<I, R>(items: readonly I[], send: (item: I) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (const item of items) answers.push(await send(item));
  return answers;
}

describe('per-client limits on sign-up, refresh, reset-password and password changes', () => {
  it('reads RATE_LIMIT_* as COUNT/MINUTES, with the contracts defaults', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/hopbox-limits-test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' };
    expect(loadConfig(env).rateLimits).toEqual(RATE_LIMIT_DEFAULTS);
    expect(loadConfig({ ...env, RATE_LIMIT_SIGNUP: '5/30' }).rateLimits.signUp).toEqual({ limit: 5, windowMinutes: 30 });
    for (const bad of ['5', '0/10', '5/0', 'x/10', '5/10/2'])
      expect(() => loadConfig({ ...env, RATE_LIMIT_SIGNUP: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  describe('with tight limits', () => {
    const s = useTestApp({
      RATE_LIMIT_SIGNUP: '3/60',
      RATE_LIMIT_REFRESH: '3/15',
      RATE_LIMIT_RESET_PASSWORD: '3/15',
      RATE_LIMIT_PASSWORD_CHANGE: '3/15',
      PASSWORD_HASH_QUEUE_MS: '30000',
    });

    it('sign-up: parallel requests from one client past the limit get 429; another client signs up', async () => {
      const ip = uniqueIp();
      const answers = await Promise.all(Array.from({ length: 6 }, () => signUp(s.t, signUpBody(), ip)));
      expect(statusCounts(answers)).toEqual({ 201: 3, 429: 3 });
      for (const res of answers.filter((r) => r.statusCode === 429)) expectError(res, 429, TOO_MANY);
      const other = await signUp(s.t);
      expect(other.statusCode).toBe(201);
    });

    it('refresh: a client guessing refresh tokens is stopped', async () => {
      const ip = uniqueIp();
      const answers = await inTurn([0, 1, 2, 3], (i) => refreshSession(s.t, `guess-${i}`, ip));
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
      expectError(answers[3] as (typeof answers)[number], 429, TOO_MANY);
      const session = await s.t.signIn((await s.t.createUser('user')).email, 'secret123');
      const elsewhere = await refreshSession(s.t, session.refreshToken, uniqueIp());
      expect(elsewhere.statusCode).toBe(200);
    });

    it('reset-password: a client guessing reset tokens is stopped', async () => {
      const ip = uniqueIp();
      const answers = await inTurn([0, 1, 2, 3], (i) =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/auth/user/reset-password',
          payload: { token: `guess-${i}`, newPassword: 'Kite-river-42' },
          remoteAddress: ip,
        }),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
      expectError(answers[3] as (typeof answers)[number], 429, TOO_MANY);
    });

    it('password change: guesses of the current password are limited per client and per account', async () => {
      const { headers, user } = await s.t.userWithToken('user');
      const change = (from: Headers, remoteAddress: string, currentPassword: string) =>
        s.t.app.inject({
          method: 'PUT',
          url: '/api/user/profile/password',
          headers: from,
          payload: { currentPassword, newPassword: 'Kite-river-42' },
          remoteAddress,
        });
      // From three clients: the account's own limit holds across them.
      const answers = await inTurn([0, 1, 2], (i) => change(headers, uniqueIp(), `guess-${i}`));
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400]);
      expectError(await change(headers, uniqueIp(), user.password), 429, TOO_MANY);
      // An email change also checks the current password, so it counts against the same limit.
      const emailChange = await s.t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers,
        payload: {
          firstName: 'A',
          lastName: 'B',
          email: `moved.${Date.now()}@example.com`,
          phone: '+971509998877',
          currentPassword: 'guess',
        },
        remoteAddress: uniqueIp(),
      });
      expectError(emailChange, 429, TOO_MANY);

      // Per client: one client is stopped after three tries, whatever the account.
      const ip = uniqueIp();
      const others = await Promise.all([1, 2, 3, 4].map(() => s.t.userWithToken('user')));
      const perClient = await inTurn(others, (other) => change(other.headers, ip, 'guess'));
      expect(perClient.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
    });
  });

  describe('bounded password hashing', () => {
    const s = useTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE_MS: '1' });

    it('answers 503 with Retry-After when hashes would queue past the wait, never a 500, and recovers', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => signUp(s.t)));
      const counts = statusCounts(answers);
      expect(Object.keys(counts).sort()).toEqual(['201', '503']);
      expect(counts[201]).toBeGreaterThanOrEqual(1);
      for (const res of answers.filter((r) => r.statusCode === 503)) {
        expectExactError(res, 503, { error: 'Service Unavailable', message: messages.transport.busy, code: 'SERVICE_BUSY' });
        expect(res.headers['retry-after']).toBe('1');
      }
      // Once the burst is over, hashing works again.
      const later = await signUp(s.t);
      expect(later.statusCode).toBe(201);
    });

    it('answers 503 to sign-ins past the queue too, without counting them against the client', async () => {
      const user = await s.t.createUser('user');
      const ip = uniqueIp();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          s.t.app.inject({
            method: 'POST',
            url: '/api/sso/signin',
            payload: { email: user.email, password: user.password, userType: 'user' },
            remoteAddress: ip,
          }),
        ),
      );
      const counts = statusCounts(answers);
      expect(Object.keys(counts).sort()).toEqual(['200', '503']);
    });
  });
});

import { SIGNIN_CLIENT_FAILURE_LIMIT } from '@hopbox/contracts/constants';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { type TestApp, uniqueIp, useTestApp } from '../helper.ts';

const base = {
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/hopbox-trust-proxy-test',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
};

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('TRUST_PROXY', () => {
  describe('configuration', () => {
    it('trusts no proxy by default, and takes a hop count or the proxies’ addresses and CIDRs', () => {
      expect(loadConfig(base).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
        '10.0.0.5',
        '10.1.0.0/16',
        'fd00::/8',
      ]);
      expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    });

    it.each([
      'true',
      'yes',
      '*',
      '10.0.0.300',
      '10.0.0.0/33',
      'proxy.example.com',
      '10.0.0.1,,10.0.0.2',
    ])('refuses %j with a message naming the variable', (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    });

    it('says why "true" is refused', () => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/would let any client choose its own IP/);
    });
  });

  const signIn = (t: TestApp, email: string, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      payload: { email, password: 'wrong-password-1', userType: 'user' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  describe('by default', () => {
    const s = useTestApp({ PASSWORD_HASH_QUEUE_MS: '30000' });

    it('ignores X-Forwarded-For: a client cannot pose as many clients to dodge the per-client limit', async () => {
      const client = uniqueIp();
      const answers = [];
      for (let i = 0; i < SIGNIN_CLIENT_FAILURE_LIMIT + 1; i++) {
        answers.push(await signIn(s.t, `nobody-${i}@example.com`, client, uniqueIp()));
      }
      expect(statuses(answers).filter((status) => status === 401)).toHaveLength(SIGNIN_CLIENT_FAILURE_LIMIT);
      expect(answers.at(-1)?.statusCode).toBe(429);
    });
  });

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    const s = useTestApp({ TRUST_PROXY: '1', PASSWORD_HASH_QUEUE_MS: '30000' });
    const proxy = '192.168.50.1';

    it('takes the client from the last hop only: values the client prepends cannot dodge the per-client limit', async () => {
      const client = uniqueIp();
      const answers = [];
      for (let i = 0; i < SIGNIN_CLIENT_FAILURE_LIMIT + 1; i++) {
        // The client sends its own X-Forwarded-For; the proxy appends the address it saw.
        answers.push(await signIn(s.t, `someone-${i}@example.com`, proxy, `${uniqueIp()}, ${client}`));
      }
      expect(statuses(answers).filter((status) => status === 401)).toHaveLength(SIGNIN_CLIENT_FAILURE_LIMIT);
      expect(answers.at(-1)?.statusCode).toBe(429);

      // The proxy's other clients are told apart and not refused with that one.
      const user = await s.t.createUser('user');
      const other = await s.t.app.inject({
        method: 'POST',
        url: '/api/sso/signin',
        payload: { email: user.email, password: user.password, userType: 'user' },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': uniqueIp() },
      });
      expect(other.statusCode).toBe(200);
    });
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/seed/demo-seed.ts';
import { uniqueIp, useTestApp } from '../helper.ts';

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** Decision 049: the demo's staff and admin have authenticators with the README's published secrets; the customer has none. */
describe('the demo accounts’ second factor', () => {
  const s = useTestApp(async (t) => ({
    seeded: await seedDemoData({ db: t.db, log: silentLog, storage: t.app.deps.storage, config: t.config }),
  }));
  const signIn = (email: string, password: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password }, remoteAddress: uniqueIp() });

  it('signs the demo staff and admin in with a code of their published secret, and the customer with the password alone', async () => {
    for (const account of [DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.admin]) {
      const first = await signIn(account.email, account.password);
      expect(first.json()).toMatchObject({ mfaRequired: true });
      const verified = await s.t.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/verify',
        payload: { mfaToken: first.json().mfaToken, code: totpCode(account.totpSecret) },
        remoteAddress: uniqueIp(),
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().user.role).toBe(account.role);
    }
    expect((await signIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)).json()).toHaveProperty('token');
    expect(s.seeded?.map((a) => [a.email, a.totpSecret])).toEqual([
      [DEMO_ACCOUNTS.customer.email, undefined],
      [DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.totpSecret],
      [DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.totpSecret],
    ]);
  });

  it('never seeds the published secrets in production', async () => {
    await expect(
      seedDemoData({ db: s.t.db, log: silentLog, storage: s.t.app.deps.storage, config: { ...s.t.config, env: 'production' } }),
    ).rejects.toThrow(/never seeded in production/);
  });
});

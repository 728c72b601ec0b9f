import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-seed.ts';
import { seedDemo } from '../demo-helper.ts';
import { uniqueIp, useTestApp } from '../helper.ts';

/** Decision 049: the demo's staff and admin have authenticators with the README's published secrets; the customer has none. */
describe('the demo accounts’ second factor', () => {
  const s = useTestApp(async (t) => ({
    seeded: await seedDemo(t),
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
    await expect(seedDemo(s.t, { ...s.t.config, env: 'production' })).rejects.toThrow(/never seeded in production/);
  });
});

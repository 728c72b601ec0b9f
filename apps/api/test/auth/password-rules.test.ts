import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../src/modules/auth/password-policy.ts';
import { expectError, mailText, uniqueIp, useTestApp } from '../helper.ts';

const TOO_COMMON = messages.auth.passwordTooCommon;
const RESET_LINK = /token=([A-Za-z0-9_%-]+)/;

describe('password rules: common passwords and longer staff passwords', () => {
  const s = useTestApp();

  let n = 0;
  const signUp = (password: string) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signup',
      remoteAddress: uniqueIp(),
      payload: {
        firstName: 'Pia',
        lastName: 'Rules',
        email: `pia.${n++}.${Date.now()}@example.com`,
        password,
        retypePassword: password,
        gender: 'female',
        country: 'United Arab Emirates',
        phoneNumber: '+971501234567',
        userType: 'user',
      },
    });
  const changePassword = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
    s.t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers,
      payload: { currentPassword, newPassword },
      remoteAddress: uniqueIp(),
    });
  /** A reset token for the account, through forgot-password and the mail it sends. */
  async function resetToken(email: string): Promise<string> {
    const before = s.t.mailsTo(email).length;
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/user/forgot-password',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    const until = Date.now() + 5000;
    while (s.t.mailsTo(email).length <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const token = mailText(s.t.mailsTo(email).at(-1) ?? '').match(RESET_LINK)?.[1];
    if (!token) throw new Error('no reset link');
    return decodeURIComponent(token);
  }
  const reset = (token: string, newPassword: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/auth/user/reset-password', payload: { token, newPassword }, remoteAddress: uniqueIp() });

  it('knows thousands of common passwords, in any case', () => {
    for (const common of ['123456', 'password', 'qwerty123', 'iloveyou1', 'Password1', 'LETMEIN1'])
      expect(isCommonPassword(common), common).toBe(true);
    for (const rare of ['Cedar71x', 'Kite-river-42']) expect(isCommonPassword(rare), rare).toBe(false);
  });

  it('sign-up refuses a common password on the password field, and keeps SPEC.md’s minimum of 6 for customers', async () => {
    for (const common of ['password1', 'Qwerty123', 'iloveyou1']) expectError(await signUp(common), 400, TOO_COMMON, 'password');
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect((await signUp('Zq7Kp2')).statusCode).toBe(201);
  });

  it('password change refuses a common new password and keeps the old one', async () => {
    const { headers, user } = await s.t.userWithToken('user');
    expectError(await changePassword(headers, user.password, 'letmein1'), 400, TOO_COMMON, 'newPassword');
    const signIn = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      payload: { email: user.email, password: user.password },
      remoteAddress: uniqueIp(),
    });
    expect(signIn.statusCode).toBe(200);
    expect((await changePassword(headers, user.password, 'Fig-tree-81')).statusCode).toBe(200);
  });

  it('reset refuses a common new password, and the link stays usable', async () => {
    const user = await s.t.createUser('user');
    const token = await resetToken(user.email);
    expectError(await reset(token, 'qwerty123'), 400, TOO_COMMON, 'newPassword');
    expect((await reset(token, 'Orchid-5x')).statusCode).toBe(200);
  });

  it(`staff and admin accounts need ${STAFF_PASSWORD_MIN_LENGTH} characters to change or reset their password`, async () => {
    for (const role of ['staff', 'admin'] as const) {
      const { headers, user } = await s.t.userWithToken(role);
      const short = 'Xk4-parcels'; // 11 characters, a letter and a number, not common
      expect(short.length).toBe(STAFF_PASSWORD_MIN_LENGTH - 1);
      expectError(await changePassword(headers, user.password, short), 400, messages.auth.staffPasswordMin, 'newPassword');
      const token = await resetToken(user.email);
      expectError(await reset(token, short), 400, messages.auth.staffPasswordMin, 'newPassword');
      expect((await reset(token, 'Xk4-parcels-dock')).statusCode).toBe(200);
    }
    // A customer may still use a shorter one.
    const customer = await s.t.userWithToken('user');
    expect((await changePassword(customer.headers, customer.user.password, 'Xk4-parcels')).statusCode).toBe(200);
  });
});

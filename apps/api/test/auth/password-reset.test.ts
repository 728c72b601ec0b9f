import { messages } from '@hopbox/contracts/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/crypto.ts';
import { expectError, mailText, refreshSession, uniqueIp, useTestApp } from '../helper.ts';

const RESET_LINK = /https:\/\/portal\.hopbox\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/;

describe('forgot password, verify and reset', () => {
  const s = useTestApp();

  const forgot = (email: unknown, headers: Record<string, string> = {}) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/auth/user/forgot-password',
      payload: { email } as object,
      headers,
      remoteAddress: uniqueIp(),
    });
  const verify = (token?: string) =>
    s.t.app.inject({
      method: 'GET',
      url:
        token === undefined ? '/api/auth/user/verify-reset-token' : `/api/auth/user/verify-reset-token?token=${encodeURIComponent(token)}`,
    });
  const reset = (body: Record<string, unknown>) => s.t.app.inject({ method: 'POST', url: '/api/auth/user/reset-password', payload: body });
  const signIn = (email: string, password: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password, userType: 'user' }, remoteAddress: uniqueIp() });
  const profile = (token: string) =>
    s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: { authorization: `Bearer ${token}` } });

  /** Asks for a reset link for the account and returns the token read from the mailed link. */
  async function resetTokenFor(email: string, mailbox = email): Promise<string> {
    const before = s.t.mailsTo(mailbox).length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mails = await waitForMailsTo(mailbox, before + 1);
    const match = mailText(mails[mails.length - 1] ?? '').match(RESET_LINK);
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return decodeURIComponent(match[1]);
  }
  async function waitForMailsTo(email: string, count: number): Promise<string[]> {
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const mails = s.t.mailsTo(email);
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`expected ${count} mails to ${email}, found ${s.t.mailsTo(email).length}`);
  }
  const settle = () => new Promise((r) => setTimeout(r, 300));

  describe('POST /api/auth/user/forgot-password', () => {
    it('gives the same answer for a known and an unknown email, and mails only the known one, once', async () => {
      const user = await s.t.createUser('user', { email: 'known.reset@example.com' });
      const startedKnown = Date.now();
      const known = await forgot(user.email);
      const knownMs = Date.now() - startedKnown;
      const startedUnknown = Date.now();
      const unknown = await forgot('unknown.reset@example.com');
      const unknownMs = Date.now() - startedUnknown;

      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(known.json()).toEqual({ success: true, message: 'If this email exists, we sent instructions.' });
      expect(unknown.body).toBe(known.body);
      // Both take the minimum answer time, so timing does not reveal which accounts exist.
      expect(knownMs).toBeGreaterThanOrEqual(390);
      expect(unknownMs).toBeGreaterThanOrEqual(390);

      await waitForMailsTo(user.email, 1);
      await settle();
      expect(s.t.mailsTo(user.email)).toHaveLength(1);
      expect(s.t.mailsTo('unknown.reset@example.com')).toHaveLength(0);
    });

    it('mails a PUBLIC_URL link with a token of at least 128 bits, never one built from the Host header', async () => {
      const user = await s.t.createUser('user', { email: 'host.header@example.com' });
      const res = await forgot(user.email, {
        host: 'evil.example.net',
        'x-forwarded-host': 'evil.example.net',
        'x-forwarded-proto': 'http',
      });
      expect(res.statusCode).toBe(200);
      const [mail] = await waitForMailsTo(user.email, 1);
      const text = mailText(mail ?? '');
      expect(text).not.toContain('evil.example.net');
      const match = text.match(RESET_LINK);
      expect(match).not.toBeNull();
      const token = decodeURIComponent(match?.[1] ?? '');
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(text).toContain(`https://portal.hopbox.test/reset-password?token=${token}`);

      // Only the hash is stored.
      expect(await s.t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, token))).toHaveLength(0);
      const stored = await s.t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      expect(stored).toHaveLength(1);
      // Valid for 30 minutes.
      const minutes = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
    });

    it('verifies a live token as {success: true, valid: true}; a new request gives a new token and ends the older one', async () => {
      const user = await s.t.createUser('user');
      const a = await resetTokenFor(user.email);
      const live = await verify(a);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ success: true, valid: true });
      const b = await resetTokenFor(user.email);
      expect(b).not.toBe(a);
      // Asking again makes the older link useless.
      expectError(await verify(a), 400, messages.auth.resetTokenInvalid);
      expect((await verify(b)).json()).toEqual({ success: true, valid: true });
    });

    it.each([
      ['a missing email', undefined, 'Email is required'],
      ['an empty email', '', 'Email is required'],
      ['an invalid email', 'not-an-email', 'Email is invalid'],
    ])('answers 400 for %s with the SPEC.md message', async (_case, email, message) => {
      expectError(await forgot(email), 400, message, 'email');
    });
  });

  describe('GET /api/auth/user/verify-reset-token', () => {
    it("answers 400 'Invalid or expired reset token' for a token it never issued", async () => {
      const res = await verify('b'.repeat(43));
      expectError(res, 400, 'Invalid or expired reset token');
      expect(res.json().valid).toBe(false);
    });

    it("answers 400 'No reset token provided' without a token", async () => {
      expectError(await verify(), 400, 'No reset token provided');
      expectError(await verify(''), 400, 'No reset token provided');
    });
  });

  describe('POST /api/auth/user/reset-password', () => {
    it('sets the new password, revokes every earlier session and is single use', async () => {
      const user = await s.t.createUser('user', { email: 'full.reset@example.com', password: 'oldpass1' });
      const sessionA = await s.t.signIn(user.email, 'oldpass1');
      const sessionB = await s.t.signIn(user.email, 'oldpass1');
      // The account is found whatever the case of the email asked for.
      const token = await resetTokenFor('Full.RESET@example.com', user.email);

      const res = await reset({ token, newPassword: 'Harbor2x' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password reset successfully!' });

      // The new password signs in, the old one no longer does.
      const withNew = await signIn(user.email, 'Harbor2x');
      expect(withNew.statusCode).toBe(200);
      expect(withNew.json().user.id).toBe(user.id);
      expectError(await signIn(user.email, 'oldpass1'), 401, messages.auth.invalidCredentials);

      // Every session started before the reset is over: access and refresh tokens alike.
      for (const session of [sessionA, sessionB]) {
        expectError(await profile(session.token), 401, messages.transport.sessionExpired);
        const refreshed = await refreshSession(s.t, session.refreshToken);
        expectError(refreshed, 401, messages.auth.refreshTokenInvalid);
      }
      expect((await profile(withNew.json().token)).statusCode).toBe(200);

      // The link works once.
      expectError(await reset({ token, newPassword: 'another3' }), 400, 'Invalid or expired reset token', 'token');
      expectError(await verify(token), 400, messages.auth.resetTokenInvalid);
      expect((await signIn(user.email, 'Harbor2x')).statusCode).toBe(200);
      expect((await signIn(user.email, 'another3')).statusCode).toBe(401);

      // A 'password changed' notice follows the reset mail.
      const mails = await waitForMailsTo(user.email, 2);
      expect(mails).toHaveLength(2);
      expect(mails.some((m) => /^Subject: .*password was changed/im.test(m))).toBe(true);
    });

    it('refuses a weak new password with the reset-password messages, and the link stays usable', async () => {
      const user = await s.t.createUser('user');
      const token = await resetTokenFor(user.email);
      const cases = [
        ['abc12', 'Password must be at least 6 characters long'],
        ['', 'Password must be at least 6 characters long'],
        ['1234567', 'Password must contain at least one letter'],
        ['abcdefg', 'Password must contain at least one number'],
      ] as const;
      for (const [newPassword, message] of cases) {
        expectError(await reset({ token, newPassword }), 400, message, 'newPassword');
      }
      expect((await verify(token)).json()).toEqual({ success: true, valid: true });
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    });

    it("answers 400 'No reset token provided' without a token, and refuses an unknown one", async () => {
      expectError(await reset({ newPassword: 'goodpass1' }), 400, 'No reset token provided', 'token');
      expectError(await reset({ token: '', newPassword: 'goodpass1' }), 400, 'No reset token provided', 'token');
      expectError(await reset({ token: 'c'.repeat(43), newPassword: 'goodpass1' }), 400, 'Invalid or expired reset token', 'token');
    });

    it('refuses an expired token, for verify and reset alike', async () => {
      const user = await s.t.createUser('user');
      const token = await resetTokenFor(user.email);
      await s.t.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      expectError(await verify(token), 400, 'Invalid or expired reset token');
      expectError(await reset({ token, newPassword: 'toolate1' }), 400, 'Invalid or expired reset token', 'token');
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
      expect((await signIn(user.email, 'toolate1')).statusCode).toBe(401);
    });
  });
});

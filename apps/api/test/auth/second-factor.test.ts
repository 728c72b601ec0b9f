import { messages } from '@hopbox/contracts/messages';
import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import { SECOND_FACTOR } from '@hopbox/contracts/second-factor-rules';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mfaChallenges, totpFactors } from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/crypto.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { runHousekeeping } from '../../src/modules/housekeeping/housekeeping-service.ts';
import { expectError, type Headers, mailText, SESSION_USER_FIELDS, statusCounts, type TestApp, uniqueIp, useTestApp } from '../helper.ts';

const STEP_MS = SECOND_FACTOR.totpPeriodSeconds * 1000;

/** Waits out the last two seconds of a time step, so that a code computed now is still this step's when the API checks it. */
async function clearOfStepEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** The code of the secret `steps` time steps from now (0: this step's; 1: the next, accepted for clock drift). */
const codeOf = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * STEP_MS);

type Account = Awaited<ReturnType<TestApp['createUser']>>;

describe('second factor (TOTP and recovery codes)', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '50' });
  const t = () => s.t;

  const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = uniqueIp()) =>
    t().app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const signIn = (account: { email: string; password: string }, remoteAddress = uniqueIp()) =>
    post('/api/sso/signin', { email: account.email, password: account.password, userType: 'user' }, {}, remoteAddress);
  const verify = (mfaToken: string, code: string, remoteAddress = uniqueIp()) =>
    post('/api/auth/mfa/verify', { mfaToken, code }, {}, remoteAddress);
  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
  const status = (headers: Headers) => t().app.inject({ method: 'GET', url: '/api/auth/mfa', headers });

  /** Signs in with the password only and expects the code step; answers its mfaToken. */
  async function mfaTokenOf(account: { email: string; password: string }) {
    const res = await signIn(account);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery_code'] });
    return body.mfaToken as string;
  }

  /** A customer with an authenticator enrolled through the repository (no step used yet). */
  async function customerWithTotp(): Promise<Account & { secret: string; recoveryCodes: string[] }> {
    const account = await t().createUser('user');
    return { ...account, ...(await t().enrolTotp(account.id)) };
  }

  /** A customer with an authenticator, signed in through both steps with this step's code: the account and that session's headers. */
  async function signedInWithTotp() {
    const account = await customerWithTotp();
    await clearOfStepEdge();
    const res = await verify(await mfaTokenOf(account), codeOf(account.secret));
    expect(res.statusCode, res.body).toBe(200);
    return { account, session: bearer(res.json().token as string) };
  }

  /** A change that needs the password and a current code refuses a wrong password, and a wrong code, on their fields. */
  async function expectConfirmationRefused(url: string, account: { password: string; secret: string }, session: Headers) {
    const wrongPassword = await post(url, { password: 'wrong-password', code: codeOf(account.secret, 1) }, session);
    expectError(wrongPassword, 400, messages.auth.currentPasswordWrong, 'password');
    expectError(await post(url, { password: account.password, code: '000000' }, session), 400, secondFactorMessages.codeInvalid, 'code');
  }

  const mailsAbout = async (email: string, subject: RegExp, count = 1) => {
    const until = Date.now() + 5000;
    for (;;) {
      const found = t()
        .mailsTo(email)
        .map(mailText)
        .filter((mail) => subject.test(mail));
      if (found.length >= count || Date.now() > until) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const auditOf = (userId: number) =>
    t()
      .db.select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)));

  describe('enrolment', () => {
    it('sets up a secret and its otpauth URI, refuses a wrong first code, and turns on with a right one, answering ten recovery codes', async () => {
      const customer = await t().customer();
      const setup = await post('/api/auth/mfa/totp/setup', {}, customer.headers);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/Hopbox:${customer.email}`);
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Hopbox');

      // Not on until a code confirms it: sign-in still answers the session.
      expect((await signIn(customer)).json()).toHaveProperty('token');
      const [stored] = await t().db.select().from(totpFactors).where(eq(totpFactors.userId, customer.id));
      expect(stored?.secret).toBeNull();
      expect(stored?.pendingSecret).not.toContain(secret);

      await clearOfStepEdge();
      const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
      expectError(
        await post('/api/auth/mfa/totp/enable', { code: wrong }, customer.headers),
        400,
        secondFactorMessages.codeInvalid,
        'code',
      );
      const enabled = await post('/api/auth/mfa/totp/enable', { code: codeOf(secret) }, customer.headers);
      expect(enabled.statusCode, enabled.body).toBe(200);
      const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(SECOND_FACTOR.recoveryCodeCount);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);

      const [on] = await t().db.select().from(totpFactors).where(eq(totpFactors.userId, customer.id));
      expect(on?.secret).toBeTruthy();
      expect(on?.secret).not.toContain(secret);
      expect(on?.pendingSecret).toBeNull();
      expect((await status(customer.headers)).json()).toMatchObject({
        totp: { enabled: true, enabledAt: expect.any(String) },
        recoveryCodesLeft: 10,
        required: false,
        sessionVerified: true,
      });
      const [mail] = await mailsAbout(customer.email, /Two-factor authentication is on/);
      expect(mail).toContain('If this was not you');
      expect(await auditOf(customer.id)).toEqual([{ action: 'second_factor.enabled', actorId: customer.id }]);
    });

    it('signs out every other session of the account, which never passed the factor', async () => {
      const account = await t().createUser('user');
      const first = bearer((await t().signIn(account.email, account.password)).token);
      const second = bearer((await t().signIn(account.email, account.password)).token);
      const { secret } = (await post('/api/auth/mfa/totp/setup', {}, first)).json();
      await clearOfStepEdge();
      expect((await post('/api/auth/mfa/totp/enable', { code: codeOf(secret) }, first)).statusCode).toBe(200);
      expect((await status(first)).statusCode).toBe(200);
      expect((await status(second)).statusCode).toBe(401);
    });

    it('answers 409 to a first code with nothing set up', async () => {
      const customer = await t().customer();
      expectError(await post('/api/auth/mfa/totp/enable', { code: '123456' }, customer.headers), 409, secondFactorMessages.setupRequired);
    });
  });

  describe('sign-in', () => {
    it('answers an account without a factor the session at once, and one with a factor the code step, with no token', async () => {
      const plain = await t().createUser('user');
      expect(Object.keys((await signIn(plain)).json()).sort()).toEqual(['refreshToken', 'success', 'token', 'user']);
      const withTotp = await customerWithTotp();
      const res = await signIn(withTotp);
      expect(res.json()).not.toHaveProperty('token');
      expect(res.json()).not.toHaveProperty('user');
      await mfaTokenOf(withTotp);
    });

    it('answers the code step exactly what sign-in answers, and the session has passed the factor', async () => {
      const account = await customerWithTotp();
      await clearOfStepEdge();
      const res = await verify(await mfaTokenOf(account), codeOf(account.secret));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['refreshToken', 'success', 'token', 'user']);
      expect(Object.keys(body.user).sort()).toEqual(SESSION_USER_FIELDS);
      expect(body.user.id).toBe(account.id);
      expect((await status(bearer(body.token))).json()).toMatchObject({ sessionVerified: true, totp: { enabled: true } });
      const refreshed = await post('/api/auth/refresh', { refreshToken: body.refreshToken });
      expect(refreshed.statusCode).toBe(200);
    });

    it('accepts the next step’s code for clock drift, with spaces as an app shows it', async () => {
      const account = await customerWithTotp();
      await clearOfStepEdge();
      const code = codeOf(account.secret, 1);
      expect((await verify(await mfaTokenOf(account), `${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(200);
    });

    it('refuses a wrong code with SPEC-style 401, and the token still takes the right one', async () => {
      const account = await customerWithTotp();
      const mfaToken = await mfaTokenOf(account);
      await clearOfStepEdge();
      const wrong = String((Number(codeOf(account.secret)) + 1) % 1_000_000).padStart(6, '0');
      const res = await verify(mfaToken, wrong);
      expectError(res, 401, secondFactorMessages.codeInvalid);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      expectError(await verify(mfaToken, 'not a code'), 401, secondFactorMessages.codeInvalid);
      expect((await verify(mfaToken, codeOf(account.secret))).statusCode).toBe(200);
    });

    it('accepts each time step’s code once: the same code again is refused, even with a new mfaToken', async () => {
      const account = await customerWithTotp();
      await clearOfStepEdge();
      const code = codeOf(account.secret);
      expect((await verify(await mfaTokenOf(account), code)).statusCode).toBe(200);
      const again = await verify(await mfaTokenOf(account), code);
      expectError(again, 401, secondFactorMessages.codeInvalid);
      // An earlier step's code is refused too once a later one was used.
      const next = codeOf(account.secret, 1);
      expect((await verify(await mfaTokenOf(account), next)).statusCode).toBe(200);
      expectError(await verify(await mfaTokenOf(account), code), 401, secondFactorMessages.codeInvalid);
    });

    it('refuses an mfaToken used once already, one past its five minutes, and an unknown one', async () => {
      const account = await customerWithTotp();
      await clearOfStepEdge();
      const used = await mfaTokenOf(account);
      expect((await verify(used, codeOf(account.secret))).statusCode).toBe(200);
      const reused = await verify(used, codeOf(account.secret, 1));
      expectError(reused, 401, secondFactorMessages.tokenInvalid);
      expect(reused.json().code).toBe('MFA_TOKEN_INVALID');

      const expired = await mfaTokenOf(account);
      const [row] = await t()
        .db.select()
        .from(mfaChallenges)
        .where(eq(mfaChallenges.tokenHash, hashToken(expired)));
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
      expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
      await t()
        .db.update(mfaChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(mfaChallenges.tokenHash, hashToken(expired)));
      expectError(await verify(expired, codeOf(account.secret, 1)), 401, secondFactorMessages.tokenInvalid);
      expectError(await verify('made-up-token', codeOf(account.secret, 1)), 401, secondFactorMessages.tokenInvalid);
      // Housekeeping deletes the expired ones.
      expect((await runHousekeeping(t().app.deps)).tokensPruned).toBeGreaterThanOrEqual(1);
      expect(
        await t()
          .db.select()
          .from(mfaChallenges)
          .where(eq(mfaChallenges.tokenHash, hashToken(expired))),
      ).toEqual([]);
    });

    it('takes at most five codes per mfaToken: then even the right code needs a new sign-in', async () => {
      const account = await customerWithTotp();
      const mfaToken = await mfaTokenOf(account);
      for (let i = 0; i < SECOND_FACTOR.codesPerMfaToken; i++)
        expectError(await verify(mfaToken, '000000'), 401, secondFactorMessages.codeInvalid);
      await clearOfStepEdge();
      expectError(await verify(mfaToken, codeOf(account.secret)), 401, secondFactorMessages.tokenInvalid);
      expect((await verify(await mfaTokenOf(account), codeOf(account.secret))).statusCode).toBe(200);
    });

    it('answers 429 after ten wrong codes for one account in the window, from any clients, and parallel guesses do not slip past', async () => {
      const account = await customerWithTotp();
      const tokens = [await mfaTokenOf(account), await mfaTokenOf(account), await mfaTokenOf(account)];
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => verify(tokens[i % 3] as string, String(100000 + i), uniqueIp())),
      );
      expect(statusCounts(guesses)).toEqual({ 401: SECOND_FACTOR.accountFailureLimit, 429: 12 - SECOND_FACTOR.accountFailureLimit });
      const limited = await verify(await mfaTokenOf(account), codeOf(account.secret));
      expectError(limited, 429, messages.transport.tooManyRequests);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('answers 429 to a client past thirty wrong codes, whatever the accounts', async () => {
      const ip = uniqueIp();
      const answers = [];
      for (let i = 0; i < SECOND_FACTOR.clientFailureLimit + 1; i++) answers.push((await verify(`unknown-${i}`, '123456', ip)).statusCode);
      expect(answers.filter((code) => code === 401)).toHaveLength(SECOND_FACTOR.clientFailureLimit);
      expect(answers.at(-1)).toBe(429);
    });
  });

  describe('recovery codes', () => {
    it('sign in once each, however typed; a used one is refused; each use is mailed and audited', async () => {
      const account = await customerWithTotp();
      const [first, second] = account.recoveryCodes as [string, string];
      expect((await verify(await mfaTokenOf(account), first.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
      expectError(await verify(await mfaTokenOf(account), first), 401, secondFactorMessages.codeInvalid);
      expect((await verify(await mfaTokenOf(account), second)).statusCode).toBe(200);
      const mails = await mailsAbout(account.email, /A recovery code was used/, 2);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatch(/Recovery codes left[\s\S]*8/);
      expect((await auditOf(account.id)).map((e) => e.action)).toEqual([
        'second_factor.recoveryCodeUsed',
        'second_factor.recoveryCodeUsed',
      ]);
    });

    it('are replaced with the password and a current code: the old ones stop working, the new ones work', async () => {
      const { account, session } = await signedInWithTotp();
      const url = '/api/auth/mfa/recovery-codes';
      await expectConfirmationRefused(url, account, session);
      expectError(await post(url, { code: codeOf(account.secret, 1) }, session), 400, messages.auth.passwordRequired, 'password');
      const res = await post(url, { password: account.password, code: codeOf(account.secret, 1) }, session);
      expect(res.statusCode, res.body).toBe(200);
      const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expectError(await verify(await mfaTokenOf(account), account.recoveryCodes[0] as string), 401, secondFactorMessages.codeInvalid);
      expect((await verify(await mfaTokenOf(account), recoveryCodes[0] as string)).statusCode).toBe(200);
      expect(await mailsAbout(account.email, /New recovery codes/)).toHaveLength(1);
      expect((await auditOf(account.id)).map((e) => e.action)).toContain('second_factor.recoveryCodesRegenerated');
    });
  });

  describe('turning it off', () => {
    it('needs the password and a current code; then sign-in answers the session at once, and the change is mailed and audited', async () => {
      const { account, session } = await signedInWithTotp();
      const url = '/api/auth/mfa/totp/disable';
      await expectConfirmationRefused(url, account, session);
      expectError(await post(url, { password: account.password }, session), 400, secondFactorMessages.codeRequired, 'code');
      const res = await post(url, { password: account.password, code: codeOf(account.secret, 1) }, session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: secondFactorMessages.disabled });
      expect((await signIn(account)).json()).toHaveProperty('token');
      expect((await status(session)).json()).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
      expect(await mailsAbout(account.email, /turned off/)).toHaveLength(1);
      expect((await auditOf(account.id)).map((e) => e.action)).toEqual(['second_factor.disabled']);
      expectError(await post(url, { password: account.password, code: '123456' }, session), 409, secondFactorMessages.notEnabled);
    });

    it('accepts a recovery code as the current code', async () => {
      const { account, session } = await signedInWithTotp();
      const res = await post('/api/auth/mfa/totp/disable', { password: account.password, code: account.recoveryCodes[3] }, session);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('is refused to staff and admins, who may only replace their authenticator', async () => {
      const staff = await t().userWithToken('staff');
      const res = await post('/api/auth/mfa/totp/disable', { password: staff.user.password, code: '123456' }, staff.headers);
      expectError(res, 403, secondFactorMessages.mandatory);
      expect(res.json().code).toBe('FORBIDDEN');
    });
  });

  describe('replacing the authenticator', () => {
    it('needs the password and a current code; the old app works until the new one is confirmed, then only the new one', async () => {
      const { account, session } = await signedInWithTotp();
      expectError(await post('/api/auth/mfa/totp/setup', {}, session), 400, messages.auth.passwordRequired, 'password');
      const setup = await post('/api/auth/mfa/totp/setup', { password: account.password, code: codeOf(account.secret, 1) }, session);
      expect(setup.statusCode, setup.body).toBe(200);
      const fresh = setup.json().secret as string;
      expect(fresh).not.toBe(account.secret);
      const enabled = await post('/api/auth/mfa/totp/enable', { code: codeOf(fresh) }, session);
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(await mailsAbout(account.email, /was replaced/)).toHaveLength(1);
      expect((await auditOf(account.id)).map((e) => e.action)).toEqual(['second_factor.replaced']);
      await clearOfStepEdge();
      expectError(await verify(await mfaTokenOf(account), codeOf(account.secret)), 401, secondFactorMessages.codeInvalid);
      expect((await verify(await mfaTokenOf(account), codeOf(fresh, 1))).statusCode).toBe(200);
    });
  });

  describe('staff and admins', () => {
    it('without a factor get a session that every staff call answers 403 MFA_REQUIRED, until they enrol', async () => {
      for (const role of ['staff', 'admin'] as const) {
        const account = await t().createUser(role, { password: 'long-staff-password-1' });
        const res = await signIn(account);
        expect(res.statusCode).toBe(200);
        const session = bearer(res.json().token);
        const console = (headers: Headers) =>
          t().app.inject({ method: 'GET', url: role === 'admin' ? '/api/admin/jobs' : '/api/staff/packages', headers });
        const refused = await console(session);
        expectError(refused, 403, secondFactorMessages.required);
        expect(refused.json().code).toBe('MFA_REQUIRED');
        expectError(await t().app.inject({ method: 'GET', url: '/api/hosts', headers: session }), 403, secondFactorMessages.required);
        expect((await status(session)).json()).toMatchObject({ required: true, sessionVerified: false, totp: { enabled: false } });

        const { secret } = (await post('/api/auth/mfa/totp/setup', {}, session)).json();
        await clearOfStepEdge();
        expect((await post('/api/auth/mfa/totp/enable', { code: codeOf(secret) }, session)).statusCode).toBe(200);
        expect((await console(session)).statusCode).toBe(200);
        expect((await status(session)).json()).toMatchObject({ required: true, sessionVerified: true });
      }
    });

    it('sign in through the code step once enrolled; a session opened before enrolment must sign in again', async () => {
      const account = await t().createUser('staff', { password: 'long-staff-password-2' });
      const before = bearer((await signIn(account)).json().token);
      const enrolling = bearer((await signIn(account)).json().token);
      const { secret } = (await post('/api/auth/mfa/totp/setup', {}, enrolling)).json();
      await clearOfStepEdge();
      expect((await post('/api/auth/mfa/totp/enable', { code: codeOf(secret) }, enrolling)).statusCode).toBe(200);
      expect((await t().app.inject({ method: 'GET', url: '/api/staff/packages', headers: before })).statusCode).toBe(401);
      const session = await verify(await mfaTokenOf(account), codeOf(secret, 1));
      expect(session.statusCode, session.body).toBe(200);
      expect((await t().app.inject({ method: 'GET', url: '/api/staff/packages', headers: bearer(session.json().token) })).statusCode).toBe(
        200,
      );
    });

    it('can sign out before enrolling', async () => {
      const account = await t().createUser('admin', { password: 'long-staff-password-3' });
      const session = bearer((await signIn(account)).json().token);
      expect((await post('/api/auth/logout', {}, session)).statusCode).toBe(200);
      expect((await status(session)).statusCode).toBe(401);
    });
  });
});

import { messages } from '@hopbox/contracts/messages';
import { phoneMessages } from '@hopbox/contracts/phone-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { expectError, mailText, refreshSession, SESSION_USER_FIELDS, type TestApp, uniqueIp, useTestApp } from '../helper.ts';

describe('profile', () => {
  const s = useTestApp();

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const getProfile = (token: string) => s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: bearer(token) });
  const putProfile = (token: string | null, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: token ? bearer(token) : {}, payload });
  const putPassword = (token: string | null, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: '/api/user/profile/password', headers: token ? bearer(token) : {}, payload });
  const signIn = (email: string, password: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password, userType: 'user' }, remoteAddress: uniqueIp() });
  /** One signed-in customer for the cases that are refused and so change nothing. */
  let shared: ReturnType<TestApp['userWithToken']> | undefined;
  const sharedCustomer = () => {
    shared ??= s.t.userWithToken('user');
    return shared;
  };
  /** A valid update to a new email, with the current password of the accounts the helper creates. */
  const validUpdate = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Omar',
    lastName: 'Said',
    email: `omar.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    phone: '+971509998877',
    currentPassword: 'secret123',
    ...overrides,
  });

  describe('GET /api/auth/user/profile', () => {
    it('answers the signed-in user with the session fields and createdAt', async () => {
      const before = Date.now();
      const { user, token } = await s.t.userWithToken('user');
      const res = await getProfile(token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(Object.keys(body.user).sort()).toEqual([...SESSION_USER_FIELDS, 'createdAt'].sort());
      expect(body.user).toMatchObject({
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        fullName: `${user.firstName} ${user.lastName}`,
        phone: user.phone,
        role: 'user',
        tenantId: user.tenantId,
        lockerNumber: user.lockerNumber,
      });
      const createdAt = Date.parse(body.user.createdAt);
      expect(Number.isNaN(createdAt)).toBe(false);
      expect(createdAt).toBeGreaterThanOrEqual(before - 5000);
      expect(createdAt).toBeLessThanOrEqual(Date.now() + 5000);
    });

    it('answers 401 without a token', async () => {
      expectError(await s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile' }), 401, messages.transport.sessionExpired);
    });
  });

  describe('PUT /api/user/profile', () => {
    it('updates name, email and phone, and the change shows on the profile and at sign-in', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const update = validUpdate({ firstName: ' Omar ', email: 'Omar.NEW@Example.com', phone: '+44 7911 123456' });
      const res = await putProfile(token, update);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Profile updated successfully!',
        user: {
          id: user.id,
          firstName: 'Omar',
          lastName: 'Said',
          fullName: 'Omar Said',
          email: 'omar.new@example.com',
          phone: '+447911123456',
          role: 'user',
          lockerNumber: user.lockerNumber,
        },
      });
      expect(res.json().user.createdAt).toEqual(expect.any(String));
      expect((await getProfile(token)).json().user).toMatchObject({ email: 'omar.new@example.com', firstName: 'Omar' });
      const signedIn = await signIn('omar.new@example.com', user.password);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.id).toBe(user.id);
      expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    });

    it('changes the email only with the current password: missing or wrong answer 400 on currentPassword and change nothing', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const missing = await putProfile(token, validUpdate({ currentPassword: undefined }));
      expectError(missing, 400, messages.profile.currentPasswordForEmail, 'currentPassword');
      expectError(
        await putProfile(token, validUpdate({ currentPassword: '' })),
        400,
        messages.profile.currentPasswordForEmail,
        'currentPassword',
      );
      const wrong = await putProfile(token, validUpdate({ currentPassword: 'not-my-password1' }));
      expectError(wrong, 400, messages.auth.currentPasswordWrong, 'currentPassword');
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ email: user.email, firstName: user.firstName });
      expect(s.t.mailsTo(user.email)).toHaveLength(0);
    });

    it('tells the old address about a new email and signs out every other session, keeping this one', async () => {
      const { user, token, refreshToken } = await s.t.userWithToken('user');
      const other = await s.t.signIn(user.email, user.password);
      const newEmail = `moved.${Date.now()}@example.com`;
      const res = await putProfile(token, validUpdate({ email: newEmail }));
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(newEmail);

      for (let i = 0; i < 100 && s.t.mailsTo(user.email).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const [notice] = s.t.mailsTo(user.email);
      expect(notice).toMatch(/^Subject: .*email of your .* account was changed/im);
      expect(mailText(notice ?? '')).toContain(newEmail);
      expect(s.t.mailsTo(newEmail)).toHaveLength(0);

      // This session goes on; the other one is over, refresh token and all.
      expect((await getProfile(token)).statusCode).toBe(200);
      expect(
        (await s.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken }, remoteAddress: uniqueIp() }))
          .statusCode,
      ).toBe(200);
      expectError(await getProfile(other.token), 401, messages.transport.sessionExpired);
      const otherRefresh = await s.t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: other.refreshToken },
        remoteAddress: uniqueIp(),
      });
      expectError(otherRefresh, 401, messages.auth.refreshTokenInvalid);
    });

    it('needs no password, sends no mail and ends no session when the email stays', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const other = await s.t.signIn(user.email, user.password);
      const res = await putProfile(token, validUpdate({ email: user.email, currentPassword: undefined, lastName: 'Kept' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: user.email, lastName: 'Kept' });
      expect((await getProfile(other.token)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.t.mailsTo(user.email)).toHaveLength(0);
    });

    it('keeps the own email, in another case too', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const same = await putProfile(token, validUpdate({ email: user.email }));
      expect(same.statusCode).toBe(200);
      const upper = await putProfile(token, validUpdate({ email: user.email.toUpperCase(), lastName: 'Upper' }));
      expect(upper.statusCode).toBe(200);
      expect(upper.json().user).toMatchObject({ email: user.email, lastName: 'Upper' });
    });

    it("answers 409 for another user's email, in any case, and changes nothing", async () => {
      const other = await s.t.createUser('user', { email: 'already.there@example.com' });
      const { user, token } = await s.t.userWithToken('user');
      for (const email of [other.email, 'Already.THERE@example.com']) {
        expectError(await putProfile(token, validUpdate({ email })), 409, 'An account with this email already exists', 'email');
      }
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe(user.email);
      expect(row?.firstName).toBe(user.firstName);
    });

    it('does not change the role when role (or other account fields) are sent', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const res = await putProfile(token, validUpdate({ role: 'admin', lockerNumber: 'HB1', tenantId: 999, id: 12345 }));
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, role: 'user', lockerNumber: user.lockerNumber, tenantId: user.tenantId });
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.role).toBe('user');
      expect(row?.lockerNumber).toBe(user.lockerNumber);
      expect((await getProfile(token)).json().user.role).toBe('user');
    });

    it.each([
      ['a missing first name', { firstName: undefined }, 'First name is required', 'firstName'],
      ['a blank first name', { firstName: '  ' }, 'First name is required', 'firstName'],
      ['an empty last name', { lastName: '' }, 'Last name is required', 'lastName'],
      ['a missing email', { email: undefined }, 'Email is required', 'email'],
      ['an invalid email', { email: 'omar@' }, 'Email is invalid', 'email'],
      ['a missing phone', { phone: undefined }, 'Mobile number is required', 'phone'],
      ["a phone too short for the account's country", { phone: '050 123' }, 'Please enter a valid mobile number', 'phone'],
      ['a phone of 17 digits', { phone: '+12345678901234567' }, 'Please enter a valid mobile number', 'phone'],
    ])('refuses %s with 400 and the message', async (_case, overrides, message, field) => {
      const { user, token } = await sharedCustomer();
      const body = JSON.parse(JSON.stringify(validUpdate(overrides)));
      expectError(await putProfile(token, body), 400, message, field);
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe(user.email);
    });

    it("reads a local number in the account's country and stores it in E.164", async () => {
      const { user, token } = await s.t.userWithToken('user');
      const res = await putProfile(token, validUpdate({ email: user.email, phone: '050 765 4321' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.phone).toBe('+971507654321');
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.phone).toBe('+971507654321');
    });

    it('keeps a stored phone that is no longer valid when it is sent back unchanged, and refuses a new impossible one', async () => {
      const { user, token } = await s.t.userWithToken('user');
      await s.t.db.update(users).set({ phone: '+971 0000 1' }).where(eq(users.id, user.id));
      const kept = await putProfile(token, validUpdate({ email: user.email, firstName: 'Renamed', phone: '+97100001' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().user).toMatchObject({ firstName: 'Renamed', phone: '+971 0000 1' });
      expectError(
        await putProfile(token, validUpdate({ email: user.email, phone: '+97100002' })),
        400,
        messages.signup.mobileInvalid,
        'phone',
      );
      const [row] = await s.t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.phone).toBe('+971 0000 1');
    });

    it('asks a staff account, which has no country, for the country code', async () => {
      const { user, token } = await s.t.userWithToken('staff');
      const body = validUpdate({ email: user.email, phone: '050 123 4567' });
      expectError(await putProfile(token, body), 400, phoneMessages.needsCountryCode, 'phone');
      const res = await putProfile(token, validUpdate({ email: user.email, phone: '+971 50 123 4567' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.phone).toBe('+971501234567');
    });

    it('answers 401 without a token', async () => {
      expectError(await putProfile(null, validUpdate()), 401, messages.transport.sessionExpired);
    });
  });

  describe('PUT /api/user/profile/password', () => {
    it('refuses a wrong current password with 400 and keeps the password', async () => {
      const { user, token } = await s.t.userWithToken('user');
      const res = await putPassword(token, { currentPassword: 'not-my-password1', newPassword: 'brandnew7' });
      expectError(res, 400, messages.auth.currentPasswordWrong, 'currentPassword');
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
      expect((await signIn(user.email, 'brandnew7')).statusCode).toBe(401);
    });

    it.each([
      ['too short', 'abc1', 'Password must be at least 6 characters long'],
      ['without a letter', '12345678', 'Password must contain at least one letter'],
      ['without a number', 'abcdefgh', 'Password must contain at least one number'],
    ])('refuses a new password %s with 400 and the message', async (_case, newPassword, message) => {
      const { user, token } = await sharedCustomer();
      expectError(await putPassword(token, { currentPassword: user.password, newPassword }), 400, message, 'newPassword');
    });

    it('refuses a missing current password', async () => {
      const { token } = await sharedCustomer();
      expectError(await putPassword(token, { newPassword: 'brandnew7' }), 400, 'Password is required', 'currentPassword');
    });

    it('changes the password, signs out every other session but keeps the current one, and mails a notice', async () => {
      const { user, token, refreshToken } = await s.t.userWithToken('user');
      const other = await s.t.signIn(user.email, user.password);
      const third = await s.t.signIn(user.email, user.password);

      const res = await putPassword(token, { currentPassword: user.password, newPassword: 'brandnew7' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: messages.auth.passwordChanged });

      // The session that made the change keeps working, its refresh token too.
      expect((await getProfile(token)).statusCode).toBe(200);
      // Every other session is over.
      for (const session of [other, third]) {
        expectError(await getProfile(session.token), 401, messages.transport.sessionExpired);
        const refreshed = await refreshSession(s.t, session.refreshToken);
        expectError(refreshed, 401, messages.auth.refreshTokenInvalid);
      }
      const refreshed = await refreshSession(s.t, refreshToken);
      expect(refreshed.statusCode).toBe(200);

      // The new password signs in, the old one does not.
      expect((await signIn(user.email, 'brandnew7')).statusCode).toBe(200);
      expectError(await signIn(user.email, user.password), 401, messages.auth.invalidCredentials);

      // A 'password changed' mail went to the account.
      const until = Date.now() + 5000;
      while (s.t.mailsTo(user.email).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      const mails = s.t.mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^Subject: .*password was changed/im);
    });

    it('takes a body-less PUT with a JSON content type as a 400, not a 500', async () => {
      const { token } = await s.t.userWithToken('user');
      const res = await s.t.app.inject({
        method: 'PUT',
        url: '/api/user/profile/password',
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Bad Request' });
    });

    it('answers 401 without a token', async () => {
      expectError(
        await putPassword(null, { currentPassword: 'secret123', newPassword: 'brandnew7' }),
        401,
        messages.transport.sessionExpired,
      );
    });
  });
});

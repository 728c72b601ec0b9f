import { messages } from '@hopbox/contracts/messages';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, postRaw, SESSION_USER_FIELDS, uniqueIp, useTestApp } from '../helper.ts';

describe('POST /api/sso/signin', () => {
  const s = useTestApp(async (t) => ({
    customer: await t.createUser('user', {
      email: 'nora.customer@example.com',
      password: 'Parcel42',
      firstName: 'Nora',
      lastName: 'Haddad',
    }),
  }));

  const signIn = (payload: unknown, remoteAddress = uniqueIp()) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signin', payload: payload as object, remoteAddress });

  it('answers token, refreshToken and the session user with exactly the SPEC.md session fields', async () => {
    const res = await signIn({ email: 'nora.customer@example.com', password: 'Parcel42', userType: 'user' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'success', 'token', 'user']);
    expect(body.success).toBe(true);
    expect(typeof body.token).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(22);
    expect(Object.keys(body.user).sort()).toEqual(SESSION_USER_FIELDS);
    expect(body.user).toEqual({
      id: s.customer.id,
      fullName: 'Nora Haddad',
      firstName: 'Nora',
      lastName: 'Haddad',
      email: 'nora.customer@example.com',
      phone: '+971500000000',
      gender: 'other',
      country: 'United Arab Emirates',
      lockerNumber: s.customer.lockerNumber,
      tenantId: s.customer.tenantId,
      role: 'user',
    });
    expect(body.user.lockerNumber).toMatch(/^HB\d{6,}$/);
    expect(body).not.toHaveProperty('user.passwordHash');
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const res = await signIn({ email: '  NORA.Customer@EXAMPLE.com ', password: 'Parcel42', userType: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(s.customer.id);
  });

  it('gives a wrong password and an unknown email the same 401 answer', async () => {
    const wrongPassword = await signIn({ email: 'nora.customer@example.com', password: 'Parcel43', userType: 'user' });
    const unknownEmail = await signIn({ email: 'nobody@example.com', password: 'Parcel42', userType: 'user' });
    expectError(wrongPassword, 401, messages.auth.invalidCredentials);
    expect(wrongPassword.json().message).toBe('Invalid email or password');
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).not.toHaveProperty('token');
  });

  it('does not accept the password in another case', async () => {
    expectError(await signIn({ email: 'nora.customer@example.com', password: 'PARCEL42' }), 401, messages.auth.invalidCredentials);
  });

  it.each([
    ['a missing email', { password: 'Parcel42' }, 'Email is required', 'email'],
    ['an empty email', { email: '', password: 'Parcel42' }, 'Email is required', 'email'],
    ['a blank email', { email: '   ', password: 'Parcel42' }, 'Email is required', 'email'],
    ['an email without @', { email: 'nora.example.com', password: 'Parcel42' }, 'Email is invalid', 'email'],
    ['an email without a dot after @', { email: 'nora@example', password: 'Parcel42' }, 'Email is invalid', 'email'],
    ['an email with a space', { email: 'no ra@example.com', password: 'Parcel42' }, 'Email is invalid', 'email'],
    ['a missing password', { email: 'nora.customer@example.com' }, 'Password is required', 'password'],
    ['an empty password', { email: 'nora.customer@example.com', password: '' }, 'Password is required', 'password'],
  ])('answers 400 for %s with the SPEC.md message and the field', async (_case, payload, message, field) => {
    const res = await signIn({ ...payload, userType: 'user' });
    expectError(res, 400, message, field);
  });

  it('answers 400 in the error shape, never a 500, for malformed or odd bodies', async () => {
    const malformed = await postRaw(s.t, '/api/sso/signin', '{"email": "nora.customer@example.com", "password": ');
    expectError(malformed, 400, 'The request body is not valid JSON');
    for (const payload of ['null', '[]', '"text"', '42', '{"email": 42, "password": true}']) {
      const res = await postRaw(s.t, '/api/sso/signin', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toMatchObject({ success: false });
    }
  });

  it('signs staff and admins in through the same route with the role of their account, whatever userType says', async () => {
    const staff = await s.t.createUser('staff');
    const admin = await s.t.createUser('admin');
    const asStaff = await signIn({ email: staff.email, password: staff.password, userType: 'user' });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().user).toMatchObject({ id: staff.id, role: 'staff', lockerNumber: null });
    const asAdmin = await signIn({ email: admin.email, password: admin.password, userType: 'user' });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().user).toMatchObject({ id: admin.id, role: 'admin', lockerNumber: null });
    expect(decodeJwt(asAdmin.json().token).role).toBe('admin');

    const customerAsAdmin = await signIn({ email: s.customer.email, password: 'Parcel42', userType: 'admin' });
    expect(customerAsAdmin.statusCode).toBe(200);
    expect(customerAsAdmin.json().user.role).toBe('user');
    expect(decodeJwt(customerAsAdmin.json().token).role).toBe('user');
  });

  it('issues an HS256 access JWT with issuer, audience and a 15-minute expiry', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await signIn({ email: s.customer.email, password: 'Parcel42', userType: 'user' });
    const after = Math.ceil(Date.now() / 1000);
    const { token } = res.json();
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.iss).toBe('hopbox-api');
    expect(claims.aud).toBe('hopbox-portal');
    expect(claims.sub).toBe(String(s.customer.id));
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp).toBeGreaterThanOrEqual(before + 15 * 60);
    expect(claims.exp).toBeLessThanOrEqual(after + 15 * 60);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);

    const profile = await s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(s.customer.id);
  });

  describe('forged, tampered and expired access tokens', () => {
    let valid: string;
    let claims: ReturnType<typeof decodeJwt>;
    const secret = () => new TextEncoder().encode(s.t.config.jwtSecret);
    const profileWith = (token: string) =>
      s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: { authorization: `Bearer ${token}` } });
    /** A token like the API's own, with the given secret, algorithm and overrides. */
    const forge = (options: { key?: Uint8Array; alg?: string; exp?: number; iat?: number; iss?: string; aud?: string } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: claims.sid, role: claims.role, tid: claims.tid })
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(options.iss ?? 'hopbox-api')
        .setAudience(options.aud ?? 'hopbox-portal')
        .setIssuedAt(options.iat ?? now)
        .setExpirationTime(options.exp ?? now + 600)
        .sign(options.key ?? secret());
    };

    beforeAll(async () => {
      valid = (await signIn({ email: s.customer.email, password: 'Parcel42', userType: 'user' })).json().token;
      claims = decodeJwt(valid);
    });

    it('accepts a token built the same way with the right secret (the control for the cases below)', async () => {
      expect((await profileWith(await forge())).statusCode).toBe(200);
    });

    it('refuses a token signed with another secret', async () => {
      const other = new TextEncoder().encode('another-secret-that-is-also-long-enough-for-hs256');
      expectError(await profileWith(await forge({ key: other })), 401, 'Your session has expired. Please sign in again.');
    });

    it('refuses an unsigned alg "none" token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const none = new UnsecuredJWT({ sid: claims.sid, role: claims.role, tid: claims.tid })
        .setSubject(String(claims.sub))
        .setIssuer('hopbox-api')
        .setAudience('hopbox-portal')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .encode();
      expect(decodeProtectedHeader(none).alg).toBe('none');
      expectError(await profileWith(none), 401, messages.transport.sessionExpired);
    });

    it('refuses a token signed with an algorithm outside the allowlist, even with the right secret', async () => {
      expectError(await profileWith(await forge({ alg: 'HS512' })), 401, messages.transport.sessionExpired);
    });

    it('refuses a tampered token (payload changed, signature kept)', async () => {
      const [header, payload, signature] = valid.split('.');
      const changed = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')), role: 'admin' };
      const tampered = [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join('.');
      expectError(await profileWith(tampered), 401, messages.transport.sessionExpired);
      const flipped = `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`;
      expectError(await profileWith(flipped), 401, messages.transport.sessionExpired);
    });

    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await forge({ iat: now - 20 * 60, exp: now - 60 });
      expectError(await profileWith(expired), 401, 'Your session has expired. Please sign in again.');
    });

    it('refuses a token for another issuer or audience', async () => {
      expectError(await profileWith(await forge({ iss: 'someone-else' })), 401, messages.transport.sessionExpired);
      expectError(await profileWith(await forge({ aud: 'another-app' })), 401, messages.transport.sessionExpired);
    });

    it('refuses a missing, empty or non-bearer authorization header', async () => {
      expectError(await s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile' }), 401, messages.transport.sessionExpired);
      for (const authorization of ['Bearer ', `Basic ${valid}`, valid, 'Bearer not.a.jwt']) {
        const res = await s.t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: { authorization } });
        expectError(res, 401, messages.transport.sessionExpired);
      }
    });
  });
});

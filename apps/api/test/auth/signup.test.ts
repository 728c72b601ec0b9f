import { messages } from '@hopbox/contracts/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { expectError, expectExactError, postRaw, refreshSession, uniqueIp, useTestApp } from '../helper.ts';
import { PHONE_READINGS, PHONE_REFUSALS } from '../phone-cases.ts';

let n = 0;
/** A complete, valid sign-up payload as SPEC.md's client sends it. */
function payload(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    firstName: 'Layla',
    lastName: 'Mansour',
    email: `layla.${n}@example.com`,
    password: 'Cedar71x',
    retypePassword: 'Cedar71x',
    gender: 'female',
    country: 'United Arab Emirates',
    phoneNumber: '+971501234567',
    userType: 'user',
    ...overrides,
  };
}

describe('POST /api/sso/signup', () => {
  const s = useTestApp();

  // Each from its own client, so the per-client sign-up limit stays out of these cases.
  const signUp = (body: unknown) =>
    s.t.app.inject({ method: 'POST', url: '/api/sso/signup', payload: body as object, remoteAddress: uniqueIp() });
  /** A payload with one key removed. */
  const without = (key: string) => {
    const p: Record<string, unknown> = payload();
    delete p[key];
    return p;
  };

  it('creates a customer: 201, role user and a locker number HB + 6 or more digits', async () => {
    const body = payload({ email: 'Layla.Created@Example.com' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, message: messages.auth.registrationSuccess });
    expect(answer.user).toMatchObject({
      fullName: 'Layla Mansour',
      firstName: 'Layla',
      lastName: 'Mansour',
      email: 'layla.created@example.com',
      phone: '+971501234567',
      gender: 'female',
      country: 'United Arab Emirates',
      role: 'user',
    });
    expect(answer.user.lockerNumber).toMatch(/^HB\d{6,}$/);
    expect(answer.user).not.toHaveProperty('passwordHash');
    expect(answer.user).not.toHaveProperty('password');

    // Signed in (decision 092): the answer is the new account's first session, as a sign-in's would be.
    expect(typeof answer.token).toBe('string');
    expect(typeof answer.refreshToken).toBe('string');
    const profile = await s.t.app.inject({
      method: 'GET',
      url: '/api/auth/user/profile',
      headers: { authorization: `Bearer ${answer.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ id: answer.user.id, email: 'layla.created@example.com' });
    const refreshed = await refreshSession(s.t, answer.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toMatchObject({ id: answer.user.id, role: 'user' });
    expect(await s.t.db.select().from(sessions).where(eq(sessions.userId, answer.user.id))).toHaveLength(1);

    // The account works: it signs in with the password it was created with.
    const signIn = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      payload: { email: 'layla.created@example.com', password: 'Cedar71x', userType: 'user' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: answer.user.id, role: 'user', lockerNumber: answer.user.lockerNumber });

    // The password is stored as an argon2id hash, never as given.
    const [row] = await s.t.db.select().from(users).where(eq(users.id, answer.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('Cedar71x');
  });

  it('gives every customer a different locker number', async () => {
    const lockers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await signUp(payload());
      expect(res.statusCode).toBe(201);
      lockers.add(res.json().user.lockerNumber);
    }
    expect(lockers.size).toBe(3);
    for (const locker of lockers) expect(locker).toMatch(/^HB\d{6,}$/);
  });

  it("creates a customer even when userType says 'admin' or 'staff' and role is sent", async () => {
    for (const extra of [{ userType: 'admin' }, { userType: 'staff', role: 'admin' }]) {
      const res = await signUp(payload(extra));
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('user');
      const [row] = await s.t.db.select().from(users).where(eq(users.id, res.json().user.id));
      expect(row?.role).toBe('user');
      expect(row?.lockerNumber).toMatch(/^HB\d{6,}$/);
    }
  });

  it('stores the mobile number without its spaces', async () => {
    const res = await signUp(payload({ phoneNumber: ' +971 50 765 4321 ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.phone).toBe('+971507654321');
  });

  it.each(PHONE_READINGS)('stores %s in E.164', async (_case, country, phoneNumber, stored) => {
    const res = await signUp(payload({ phoneNumber, country }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.phone).toBe(stored);
    const [row] = await s.t.db.select({ phone: users.phone }).from(users).where(eq(users.id, res.json().user.id));
    expect(row?.phone).toBe(stored);
  });

  it.each(PHONE_REFUSALS)("refuses a number %s with 400 and SPEC.md's message; creates no account", async (_case, country, phoneNumber) => {
    const body = payload({ phoneNumber, country });
    expectError(await signUp(body), 400, messages.signup.mobileInvalid, 'phoneNumber');
    expect(await s.t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it.each([
    ['a missing first name', without('firstName'), 'First name is required', 'firstName'],
    ['a blank first name', payload({ firstName: '   ' }), 'First name is required', 'firstName'],
    ['a missing last name', without('lastName'), 'Last name is required', 'lastName'],
    ['an empty last name', payload({ lastName: '' }), 'Last name is required', 'lastName'],
    ['a missing email', without('email'), 'Email is required', 'email'],
    ['an empty email', payload({ email: '' }), 'Email is required', 'email'],
    ['an email without @', payload({ email: 'layla.example.com' }), 'Email is invalid', 'email'],
    ['an email without a domain dot', payload({ email: 'layla@example' }), 'Email is invalid', 'email'],
    ['a missing mobile number', without('phoneNumber'), 'Mobile number is required', 'phoneNumber'],
    ['an empty mobile number', payload({ phoneNumber: '' }), 'Mobile number is required', 'phoneNumber'],
    ['a mobile number with letters', payload({ phoneNumber: '+97150ABC4567' }), 'Please enter a valid mobile number', 'phoneNumber'],
    ['a mobile number of 17 digits', payload({ phoneNumber: '+12345678901234567' }), 'Please enter a valid mobile number', 'phoneNumber'],
    [
      '17 digits written with spaces',
      payload({ phoneNumber: '1234 5678 9012 3456 7' }),
      'Please enter a valid mobile number',
      'phoneNumber',
    ],
    ['only a plus', payload({ phoneNumber: '+' }), 'Please enter a valid mobile number', 'phoneNumber'],
    ['a missing password', without('password'), 'Password is required', 'password'],
    [
      'a password of 5 characters',
      payload({ password: 'abc12', retypePassword: 'abc12' }),
      'Password must be at least 6 characters',
      'password',
    ],
    [
      'passwords that do not match',
      payload({ password: 'Cedar71x', retypePassword: 'Cedar72x' }),
      'Passwords do not match',
      'retypePassword',
    ],
    ['a missing password confirmation', without('retypePassword'), 'Passwords do not match', 'retypePassword'],
    ['a missing gender', without('gender'), 'Gender is required', 'gender'],
    ['an empty gender', payload({ gender: '' }), 'Gender is required', 'gender'],
    ['an unknown gender', payload({ gender: 'robot' }), 'Gender is required', 'gender'],
    ['a missing country', without('country'), 'Country is required', 'country'],
    ['an empty country', payload({ country: '' }), 'Country is required', 'country'],
    ['a country that is not one', payload({ country: 'Atlantis' }), 'Country is required', 'country'],
  ])('refuses %s with 400, the SPEC.md message and the field', async (_case, body, message, field) => {
    const res = await signUp(body);
    expectError(res, 400, message, field);
    expect(res.json().error).toBe('Bad Request');
  });

  it('creates no account when the input is refused', async () => {
    const res = await signUp(payload({ email: 'refused@example.com', country: 'Atlantis' }));
    expect(res.statusCode).toBe(400);
    expect(await s.t.db.select().from(users).where(eq(users.email, 'refused@example.com'))).toHaveLength(0);
  });

  it('answers 409 with a clear message for a taken email, in any case', async () => {
    expect((await signUp(payload({ email: 'taken@example.com' }))).statusCode).toBe(201);
    for (const email of ['taken@example.com', 'TAKEN@Example.COM']) {
      const res = await signUp(payload({ email }));
      expectError(res, 409, 'An account with this email already exists', 'email');
    }
    const taken = await s.t.db.select().from(users).where(eq(users.email, 'taken@example.com'));
    expect(taken).toHaveLength(1);
    // Only the first sign-up started a session: a refused one signs nobody in.
    expect(
      await s.t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, taken[0]?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('answers 409 for the email of a staff account too', async () => {
    const staff = await s.t.createUser('staff');
    expectError(await signUp(payload({ email: staff.email })), 409, messages.auth.emailTaken, 'email');
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const res = await postRaw(s.t, '/api/sso/signup', '{"firstName": "Layla", ');
    expectExactError(res, 400, { error: 'Bad Request', message: 'The request body is not valid JSON', code: 'VALIDATION_FAILED' });
  });

  it('never answers 500 for odd input', async () => {
    const bodies: Array<{ payload: string; contentType?: string }> = [
      { payload: '' },
      { payload: 'null' },
      { payload: '[]' },
      { payload: '"a string"' },
      { payload: JSON.stringify(payload({ firstName: 42, lastName: { a: 1 } })) },
      { payload: JSON.stringify(payload({ phoneNumber: 971501234567 })) },
      { payload: JSON.stringify(payload({ firstName: 'x'.repeat(5000) })) },
      { payload: JSON.stringify(payload({ email: `${'x'.repeat(300)}@example.com` })) },
      { payload: JSON.stringify(payload({ password: 'p1'.repeat(500), retypePassword: 'p1'.repeat(500) })) },
      { payload: JSON.stringify(payload({ country: 'x'.repeat(1000) })) },
      { payload: 'firstName=Layla', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'just text', contentType: 'text/plain' },
    ];
    for (const { payload: body, contentType = 'application/json' } of bodies) {
      const res = await postRaw(s.t, '/api/sso/signup', body, contentType);
      expect(res.statusCode, body.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body.slice(0, 80)).toBeLessThan(500);
      expect(res.json(), body.slice(0, 80)).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers a body over the size limit with 413 in the error shape', async () => {
    const res = await postRaw(s.t, '/api/sso/signup', JSON.stringify(payload({ notes: 'x'.repeat(1_100_000) })));
    expectError(res, 413, messages.transport.fileTooLarge);
  });
});

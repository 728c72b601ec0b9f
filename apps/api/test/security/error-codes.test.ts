import { ERROR_CODES, type ErrorCode, errorResponseSchema } from '@hopbox/contracts/errors';
import { describe, expect, it } from 'vitest';
import { signUp, signUpBody, uniqueIp, useTestApp } from '../helper.ts';

type Answer = { statusCode: number; body: string; json(): unknown };

/** Every error answer is the one shape, with a code clients can switch on. */
function expectCode(res: Answer, status: number, code: ErrorCode, extra: Record<string, unknown> = {}) {
  expect(res.statusCode, res.body).toBe(status);
  const { valid, ...rest } = res.json() as Record<string, unknown>;
  if (valid !== undefined) expect({ valid }).toEqual(extra);
  const body = errorResponseSchema.strict().parse(rest);
  expect(ERROR_CODES).toContain(body.code);
  expect(body.code).toBe(code);
}

describe('error answers carry a stable code', () => {
  const s = useTestApp(async (t) => ({
    customer: (await t.userWithToken('user')).headers,
  }));

  it('400: a schema failure, a body that is not JSON', async () => {
    const res = await s.t.app.inject({ method: 'POST', url: '/api/sso/signup', payload: { ...signUpBody(), email: 'nope' } });
    expectCode(res, 400, 'VALIDATION_FAILED');
    const broken = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectCode(broken, 400, 'VALIDATION_FAILED');
  });

  it('400: a wrong current password and an unknown reset token have their own codes', async () => {
    const res = await s.t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: s.customer,
      payload: { currentPassword: 'Not-the-password-1', newPassword: 'Kite-river-43' },
    });
    expectCode(res, 400, 'CURRENT_PASSWORD_WRONG');
    const verify = await s.t.app.inject({ method: 'GET', url: '/api/auth/user/verify-reset-token?token=unknown-token-value' });
    expectCode(verify, 400, 'RESET_TOKEN_INVALID', { valid: false });
  });

  it('401: no session, a bad token, wrong credentials', async () => {
    expectCode(await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages' }), 401, 'SESSION_EXPIRED');
    expectCode(
      await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: { authorization: 'Bearer not-a-token' } }),
      401,
      'SESSION_EXPIRED',
    );
    const signIn = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      payload: { email: 'nobody@example.com', password: 'Wrong-password-1', userType: 'user' },
      remoteAddress: uniqueIp(),
    });
    expectCode(signIn, 401, 'INVALID_CREDENTIALS');
  });

  it('403: a customer on a warehouse route', async () => {
    expectCode(await s.t.app.inject({ method: 'GET', url: '/api/staff/photo-requests', headers: s.customer }), 403, 'FORBIDDEN');
  });

  it('404: an unknown route and an unknown record', async () => {
    expectCode(await s.t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'NOT_FOUND');
    expectCode(await s.t.app.inject({ method: 'GET', url: '/api/user/photo-requests/999999', headers: s.customer }), 404, 'NOT_FOUND');
  });

  it('409: an email that is taken', async () => {
    const body = signUpBody();
    expect((await signUp(s.t, body)).statusCode).toBe(201);
    expectCode(await signUp(s.t, body), 409, 'EMAIL_TAKEN');
  });

  it('413: a body over the limit', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/sso/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectCode(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('429: too many wrong passwords', async () => {
    const user = await s.t.createUser('user');
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/sso/signin',
          payload: { email: user.email, password: `wrong-${i}`, userType: 'user' },
          remoteAddress: ip,
        }),
      ),
    );
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) expectCode(res, 429, 'RATE_LIMITED');
  });
});

describe('error answers carry a stable code when the service is busy', () => {
  const s = useTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE_MS: '1' });

  it('503: password hashing queued past its wait', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp(s.t)));
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) expectCode(res, 503, 'SERVICE_BUSY');
  });
});

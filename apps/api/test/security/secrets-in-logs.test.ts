import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailText, type TestApp, uniqueIp } from '../helper.ts';

/**
 * No secret reaches a log: the reset token travels in a query string and a mail link, the access
 * token in a header, passwords in bodies. The app logs at info with its production settings into
 * a buffer, and the buffer is searched for every one of them.
 */
describe('logs hold no secrets', () => {
  let t: TestApp;
  let logged = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      logged += chunk.toString('utf8');
    });
    t = await buildTestApp({}, { logStream: stream });
  });
  afterAll(() => t.close());

  async function waitForMail(to: string) {
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const mail = t.mailsTo(to)[0];
      if (mail) return mailText(mail);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('logs no reset token after forgot-password, the mailed link and verify-reset-token', async () => {
    const user = await t.createUser('user');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/forgot-password',
      payload: { email: user.email },
      remoteAddress: uniqueIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const token = decodeURIComponent((await waitForMail(user.email)).match(/reset-password\?token=([^\s"<]+)/)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);

    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/user/verify-reset-token?token=${encodeURIComponent(token)}` });
    expect(verify.json()).toMatchObject({ valid: true });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/reset-password',
      payload: { token, newPassword: 'Brand-new-pass-42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(logged).toContain('/api/auth/user/verify-reset-token');
    expect(logged).toContain('mail written to outbox');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(encodeURIComponent(token));
    expect(logged).not.toContain('reset-password?token=');
    expect(logged).not.toContain('Brand-new-pass-42');
  });

  it('logs neither the bearer token nor passwords of a signed-in request', async () => {
    const session = await t.userWithToken('user');
    await t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: session.headers });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: session.headers,
      payload: { currentPassword: 'wrong-password-9', newPassword: 'Another-pass-77' },
    });
    expect(logged).not.toContain(session.token);
    expect(logged).not.toContain(session.refreshToken);
    expect(logged).not.toContain('wrong-password-9');
    expect(logged).not.toContain('Another-pass-77');
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';

// helmet's headers on every answer: success, error and not-found alike.
describe('security headers', () => {
  const s = useTestApp(async (t) => ({ customer: await t.customer() }));

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    const directives = String(headers['content-security-policy']).split(';').sort();
    expect(directives).toEqual([
      "base-uri 'self'",
      "default-src 'self'",
      "font-src 'self' https: data:",
      "form-action 'self'",
      "frame-ancestors 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
    ]);
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
  };

  it('are sent with a list, an error and an unknown path', async () => {
    const list = await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: s.customer.headers });
    expect(list.statusCode).toBe(200);
    expectSecurityHeaders(list.headers);
    const unauthorized = await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized.headers);
    const unknown = await s.t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from '../../src/plugins/security-headers.ts';
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

// index.html's theme script runs inline (decision 080): the CSP names exactly its text by hash, and nothing else.
describe('inline script sources', () => {
  const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

  it('hash each inline script as written, and skip scripts loaded from a file', () => {
    const theme = "\n      if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');\n    ";
    const html = `<head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script></head>
      <body><script>  </script><script type="text/javascript">a()</script></body>`;
    expect(inlineScriptSources(html)).toEqual([sha(theme), sha('a()')]);
    expect(inlineScriptSources('<script src="/x.js"></script>')).toEqual([]);
  });
});

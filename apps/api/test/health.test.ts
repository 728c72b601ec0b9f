import { describe, expect, it } from 'vitest';
import { expectExactError, useTestApp } from './helper.ts';

describe('health and runtime config', () => {
  const s = useTestApp({ BRAND_NAME: 'Parcelo', PROVIDER_URL: 'https://parcelo.example' });

  it('answers 200 {"status":"ok"} once the database is ready', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('gives the web app the configured brand and provider link', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ brandName: 'Parcelo', providerUrl: 'https://parcelo.example' });
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/nope' });
    expectExactError(res, 404, { error: 'Not Found', message: 'The requested resource was not found', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/sso/signin'].post).toBeDefined();
    expect(doc.paths['/api/hosts/{id}/activate'].post).toBeDefined();
  });
});

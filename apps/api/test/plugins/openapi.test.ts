import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_TAGS } from '../../src/plugins/openapi.ts';
import { buildTestApp } from '../helper.ts';

/**
 * Issue 9: an API description others can build on (decision 014). `npm run lint:openapi` lints the
 * same document with Redocly; this test keeps the rules a route author can break in CI.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const t = await buildTestApp({ PUBLIC_URL: 'https://portal.hopbox.test', MAIL_WORKER_INTERVAL_MS: '0' });
afterAll(() => t.close());
const doc = t.app.swagger() as unknown as Document;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, op })),
);

describe('the OpenAPI document', () => {
  it('is served at /docs/json as app.swagger() builds it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toEqual(JSON.parse(JSON.stringify(doc.paths)));
  });

  it('names the server from PUBLIC_URL and the bearer scheme', () => {
    expect(doc.servers).toEqual([{ url: 'https://portal.hopbox.test' }]);
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('defines every tag it uses, each with a description', () => {
    const defined = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    expect([...defined.keys()]).toEqual(OPENAPI_TAGS.map((tag) => tag.name));
    for (const description of defined.values()) expect(description).toBeTruthy();
    const untagged = operations.filter(({ op }) => !op.tags?.length || op.tags.some((tag) => !defined.has(tag)));
    expect(untagged.map((o) => o.key)).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? '')).map((o) => o.key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !op.summary?.trim()).map((o) => o.key)).toEqual([]);
  });

  it('declares security on every operation: the bearer token, or none (security: []) on a public route', () => {
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map((o) => o.key)).toEqual([]);
    const publicOps = operations.filter(({ op }) => op.security?.length === 0).map((o) => o.key);
    expect(publicOps).toContain('POST /api/sso/signin');
    expect(publicOps).toContain('GET /api/health');
    for (const { op } of operations.filter(({ op }) => (op.security ?? []).length > 0)) expect(op.security).toEqual([{ bearer: [] }]);
  });

  it('documents the optional empty JSON body of body-less POSTs and PUTs, and the upload forms', () => {
    const writes = operations.filter(({ method }) => method === 'post' || method === 'put');
    expect(writes.filter(({ op }) => !op.requestBody).map((o) => o.key)).toEqual([]);
    expect(doc.paths['/api/auth/logout']?.post?.requestBody).toEqual({
      required: false,
      content: { 'application/json': { schema: { type: 'object', additionalProperties: false, maxProperties: 0 } } },
    });
    expect(Object.keys(doc.paths['/api/staff/photo-requests/{id}/attachments']?.post?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
  });

  it('gives every operation a success answer and at least one error answer', () => {
    const codes = (op: Operation) => Object.keys(op.responses ?? {});
    expect(operations.filter(({ op }) => !codes(op).some((c) => c.startsWith('2'))).map((o) => o.key)).toEqual([]);
    expect(operations.filter(({ op }) => !codes(op).some((c) => c.startsWith('4'))).map((o) => o.key)).toEqual([]);
  });

  it('leaves the hidden sandbox payment page out', () => {
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/payments/'))).toEqual([]);
  });
});

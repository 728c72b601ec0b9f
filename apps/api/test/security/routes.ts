import { expect } from 'vitest';
import type { TestApp } from '../helper.ts';

/**
 * Every route of the app with what a test needs to reach its input: the OpenAPI document gives the
 * documented routes with their fields, the router's table (`printRoutes`) the hidden ones (the sandbox
 * payment page), so no route escapes a test that walks them all.
 */
export interface ApiRoute {
  method: string;
  /** The path in OpenAPI form, e.g. /api/hosts/{id}. */
  path: string;
  /** The role that passes the route's authorization; null for a public route. */
  role: 'user' | 'staff' | 'admin' | null;
  params: string[];
  queryFields: string[];
  /** Properties of the JSON body, or of the form for the sandbox page. */
  bodyFields: string[];
  takesBody: boolean;
  multipart: boolean;
  /** The sandbox payment page's POST is a plain HTML form. */
  form: boolean;
}

interface Operation {
  security?: unknown[];
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

function roleOf(path: string, op: Operation): ApiRoute['role'] {
  if ((op.security ?? []).length === 0) return null;
  if (path.startsWith('/api/admin/') || op.tags?.includes('admin') || /\(admin\)$/.test(op.summary ?? '')) return 'admin';
  if (path.startsWith('/api/staff/') || op.tags?.includes('staff')) return 'staff';
  return 'user';
}

/** The router's own table: printRoutes draws a tree of path pieces with their methods. */
function registeredRoutes(t: TestApp): { method: string; path: string }[] {
  const stack: string[] = [];
  const found: { method: string; path: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    stack.length = (match[1] as string).length / 4;
    stack.push(match[2] as string);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') found.push({ method, path });
    }
  }
  return found;
}

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

export async function apiRoutes(t: TestApp): Promise<ApiRoute[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const documented: ApiRoute[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema?.properties;
      return {
        method: method.toUpperCase(),
        path,
        role: roleOf(path, op),
        params: paramsOf(path),
        queryFields: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(json ?? {}),
        takesBody: Boolean(op.requestBody),
        multipart: 'multipart/form-data' in content || /multipart/i.test(op.summary ?? ''),
        form: false,
      };
    }),
  );
  const known = new Set(documented.map(key));
  const hidden: ApiRoute[] = registeredRoutes(t)
    .filter((r) => !r.path.startsWith('/docs') && !known.has(key(r)))
    .map((r) => ({
      ...r,
      role: null,
      params: paramsOf(r.path),
      queryFields: [],
      bodyFields: r.method === 'POST' ? ['action'] : [],
      takesBody: r.method === 'POST',
      multipart: false,
      form: r.method === 'POST',
    }));
  expect(hidden.map(key).sort()).toEqual([
    'GET /payments/sandbox/theme.js',
    'GET /payments/sandbox/{reference}',
    'POST /payments/sandbox/{reference}',
  ]);
  return [...documented, ...hidden];
}

/** A signed-in session per role, signed in again whenever a call (logout) ended it. */
export function sessions(t: TestApp) {
  const accounts = new Map<string, { email: string; password: string; headers?: Record<string, string> }>();
  return async function headersFor(role: ApiRoute['role']): Promise<Record<string, string>> {
    if (role === null) return {};
    let account = accounts.get(role);
    if (!account) {
      account = await t.createUser(role);
      accounts.set(role, account);
    }
    if (account.headers) {
      const alive = await t.app.inject({ method: 'GET', url: '/api/auth/user/profile', headers: account.headers });
      if (alive.statusCode === 200) return account.headers;
    }
    // Through the second factor for staff and admins (decision 049), as the helper signs them in.
    account.headers = { authorization: `Bearer ${(await t.signIn(account.email, account.password)).token}` };
    return account.headers;
  };
}

/** The route's URL with every path parameter 1, or `value` for the one named. */
export function urlOf(route: ApiRoute, param?: string, value = '1'): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param ? value : '1'));
}

export const routeName = key;

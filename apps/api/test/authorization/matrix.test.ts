import { messages } from '@hopbox/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectExactError, multipartBody, receiveBody, testImage, uniqueIp } from '../helper.ts';
import { sessions } from '../security/routes.ts';

/**
 * Issue 5, "Proof": the authorization matrix. The routes come from the app itself: the OpenAPI
 * document at /docs/json (every documented route with its `security`), checked against the router's
 * own table (`printRoutes`) so that no API route escapes by being left out of the document. Then:
 *
 * - every route that declares security answers 401 (the one error shape) without a token;
 * - every staff route (/api/staff/*, or tagged staff) answers 403 to a customer;
 * - every admin route (/api/admin/*, tagged admin, summary "(admin)", and the host writes listed
 *   below) answers 403 to a customer and to staff;
 * - the same routes let their own roles through (no 401/403), so the 403s are about the role;
 * - the public routes, and only those, declare no security and answer without a session.
 *
 * Auth runs in onRequest, before body parsing and validation, so path parameters are filled with 1
 * and a plausible body is sent only to keep the answer about authorization.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface Operation {
  security?: Record<string, string[]>[];
  tags?: string[];
  summary?: string;
}
interface Route {
  method: Method;
  /** The OpenAPI path, e.g. /api/hosts/{id}. */
  path: string;
  secured: boolean;
  tags: string[];
  summary: string;
}

/** The routes of SPEC.md that need no session (sign-in and sign-up, password reset, refresh, public config and hosts). */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/config',
  'GET /api/hosts/public',
  'GET /api/hosts/public/active',
  'POST /api/sso/signin',
  'POST /api/sso/signup',
  'POST /api/auth/user/forgot-password',
  'GET /api/auth/user/verify-reset-token',
  'POST /api/auth/user/reset-password',
  'POST /api/auth/refresh',
  // The sign-in's second step: the mfaToken stands in for the session it opens (decision 049).
  'POST /api/auth/mfa/verify',
  // The payment provider calls it; it proves itself with a shared secret instead of a session.
  'POST /api/payments/{provider}/webhook',
];
/** Host administration (SPEC.md section 7, Hosts): admins only. /api/admin/* needs no listing. */
const ADMIN_HOST_WRITES = [
  'POST /api/hosts',
  'PUT /api/hosts/{id}',
  'DELETE /api/hosts/{id}',
  'POST /api/hosts/{id}/activate',
  'POST /api/hosts/{id}/deactivate',
  'POST /api/hosts/{id}/toggle-remote-service',
];
/** Routes the router has that are not part of the API document, and why. */
const UNDOCUMENTED = [
  // The sandbox payment provider's hosted page, standing in for the card provider's site.
  'GET /payments/sandbox/{reference}',
  'POST /payments/sandbox/{reference}',
  // Its theme script, a static file of the same page.
  'GET /payments/sandbox/theme.js',
];

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const t = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0' });
afterAll(() => t.close());

const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
const routes: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, op]) => ({
    method: method.toUpperCase() as Method,
    path,
    secured: (op.security ?? []).length > 0,
    tags: op.tags ?? [],
    summary: op.summary ?? '',
  })),
);
const isStaffRoute = (r: Route) => r.path.startsWith('/api/staff/') || r.tags.includes('staff');
const isAdminRoute = (r: Route) =>
  r.path.startsWith('/api/admin/') || r.tags.includes('admin') || /\(admin\)$/.test(r.summary) || ADMIN_HOST_WRITES.includes(key(r));
const secured = routes.filter((r) => r.secured);
const staffRoutes = routes.filter(isStaffRoute);
const adminRoutes = routes.filter(isAdminRoute);
const customerRoutes = secured.filter((r) => !isStaffRoute(r) && !isAdminRoute(r));
const publicRoutes = routes.filter((r) => !r.secured);

/**
 * The router's own table: `printRoutes({ commonPrefix: false })` draws a tree whose nodes are path
 * pieces with their methods; joining each node to its ancestors gives every registered route.
 */
function registeredRoutes(): { method: string; path: string }[] {
  const lines = t.app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const found: { method: string; path: string }[] = [];
  for (const line of lines) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') found.push({ method, path });
    }
  }
  return found;
}

/** Path parameters filled with 1. */
const urlOf = (r: Route) => r.path.replace(/\{[^}]+\}/g, '1');

/** A valid address for the address book's writes. */
const ADDRESS = {
  label: 'Home',
  address: 'Villa 1',
  city: 'Dubai',
  country: 'United Arab Emirates',
  postalCode: '00000',
  phoneNumber: '+971501234567',
};
/** Plausible JSON bodies, so a route that did check its input late would still be asked about authorization. */
const BODIES: Record<string, unknown> = {
  'POST /api/sso/signin': { email: 'nobody@example.com', password: 'secret123', userType: 'user' },
  'POST /api/sso/signup': {
    firstName: 'Matrix',
    lastName: 'Test',
    email: `matrix.${Date.now()}@example.com`,
    password: 'secret1',
    retypePassword: 'secret1',
    gender: 'female',
    country: 'United Arab Emirates',
    phoneNumber: '+971501234567',
    userType: 'user',
  },
  'POST /api/auth/user/forgot-password': { email: 'nobody@example.com' },
  'POST /api/auth/user/reset-password': { token: 'not-a-token', newPassword: 'secret123' },
  'POST /api/auth/refresh': { refreshToken: 'not-a-refresh-token' },
  // Without the email, so the account keeps the one it signs in with (the answer is a 400 for a customer).
  'PUT /api/user/profile': { firstName: 'Matrix', lastName: 'Test', phone: '+971501234567' },
  'PUT /api/user/profile/password': { currentPassword: 'not-the-password', newPassword: 'another-secret-1' },
  'PUT /api/user/profile/notifications': {
    packageReceived: true,
    photosReady: true,
    shipmentShipped: true,
    shipmentDelivered: true,
    storageEnding: true,
  },
  'POST /api/hosts': { name: 'Matrix Host', address: '1 Test Way', city: 'Dubai', country: 'United Arab Emirates', code: 'MTX' },
  'PUT /api/hosts/{id}': { name: 'Matrix Host', address: '1 Test Way', city: 'Dubai', country: 'United Arab Emirates', code: 'MTX' },
  'PUT /api/user/received-packages/{id}': { description: 'Shoes', quantity: 1, unitPrice: 10, totalPrice: 10 },
  'PUT /api/user/received-packages/{id}/declaration': {
    items: [{ description: 'Shoes', quantity: 1, unitValue: 10, originCountry: 'Germany' }],
  },
  'POST /api/user/photo-requests': { packageId: 1 },
  'POST /api/staff/packages': receiveBody('HB100001'),
  'PUT /api/staff/photo-requests/{id}': { status: 'IN_PROGRESS' },
  'PUT /api/staff/shipments/{id}': { awb: 'AWB-1' },
  'POST /api/user/addresses': ADDRESS,
  'PUT /api/user/addresses/{id}': ADDRESS,
  'POST /api/user/shipments/calculate-shipping-price': {
    origin: 'United States of America',
    destination: 'United Arab Emirates',
    weight: 1,
    length: 10,
    breadth: 10,
    height: 10,
    pieces: 1,
  },
  'POST /api/user/shipments': { packages: ['HBX1000001'], addressId: 1, isSinglePackage: false },
  'POST /api/user/shipments/finish': { shipmentIds: [1] },
  'POST /api/user/shipment-payment/generate': { amount: '10.00', currency: 'AED', packages: ['HBX1000001'], addressId: 1 },
  'POST /api/user/shipment-payment/check': { orderRef: 'sbx-none' },
  'POST /api/user/consolidation-payment/generate': { shipmentIds: [1], amount: '10.00', currency: 'AED' },
  'POST /api/user/consolidation-payment/check': { orderRef: 'sbx-none' },
  'POST /api/payments/{provider}/webhook': { orderReference: 'none' },
  'POST /api/staff/customers/{lockerNumber}/wallet-adjustments': { amount: 1, reason: 'Matrix' },
  'POST /api/user/claims': { packageId: 1, type: 'DAMAGED', description: 'Matrix', amount: 1, currency: 'AED' },
  'POST /api/user/claims/{id}/reply': { message: 'Matrix' },
  'PUT /api/staff/claims/{id}': { status: 'REJECTED', message: 'Matrix' },
};
const image = await testImage();
/** Routes that take multipart/form-data: photo uploads, and receipt with photos. */
const isMultipart = (r: Route) => /multipart/i.test(r.summary);

async function call(r: Route, headers: Record<string, string>) {
  const base = { method: r.method, url: urlOf(r), remoteAddress: uniqueIp() } as const;
  if (r.method === 'GET' || r.method === 'DELETE') return t.app.inject({ ...base, headers });
  if (isMultipart(r)) {
    const body = await multipartBody([{ name: 'photo.jpg', body: image }], { package: JSON.stringify(receiveBody('HB100001')) });
    return t.app.inject({ ...base, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  return t.app.inject({ ...base, headers, payload: (BODIES[key(r)] ?? {}) as object });
}

/** A session per role, signed in again whenever a call (logout, say) ended it. */
const headersFor = sessions(t);

function expectUnauthorized(res: { statusCode: number; json(): unknown; body: string }) {
  expectExactError(res, 401, { error: 'Unauthorized', message: messages.transport.sessionExpired, code: 'SESSION_EXPIRED' });
}
function expectForbidden(res: { statusCode: number; json(): unknown; body: string }) {
  expectExactError(res, 403, { error: 'Forbidden', message: messages.transport.forbidden, code: 'FORBIDDEN' });
}
/** Authorization let the call through: whatever it answers, it is not a 401 or 403. */
function expectAllowed(res: { statusCode: number; body: string }) {
  expect([401, 403], res.body).not.toContain(res.statusCode);
}

describe('authorization matrix: the route list', () => {
  it('reads the routes from the OpenAPI document of the app', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const expected of [
      'POST /api/staff/packages/with-photos',
      'GET /api/admin/mail',
      'GET /api/staff/audit/{entityType}/{entityId}',
    ]) {
      expect(routes.map(key)).toContain(expected);
    }
    expect(staffRoutes.length).toBeGreaterThanOrEqual(10);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it('documents every API route the router has, so none escapes the matrix', () => {
    const registered = registeredRoutes();
    // The parse is sound: it finds the routes the document lists.
    expect(registered.map(key)).toEqual(expect.arrayContaining(routes.map(key)));
    const documented = new Set([...routes.map(key), ...UNDOCUMENTED]);
    const missing = registered.filter((r) => !r.path.startsWith('/docs') && !documented.has(key(r))).map(key);
    expect(missing).toEqual([]);
  });

  it('declares security on every route except the public ones', () => {
    expect(publicRoutes.map(key).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('lists every host write it expects as an admin route in the document', () => {
    expect(routes.map(key)).toEqual(expect.arrayContaining(ADMIN_HOST_WRITES));
  });
});

describe('without a token: 401 with the one error shape', () => {
  it.each(secured.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    expectUnauthorized(await call(r, {}));
    expectUnauthorized(await call(r, { authorization: 'Bearer not-a-real-token' }));
    expectUnauthorized(await call(r, { authorization: 'Basic dXNlcjpwYXNz' }));
  });
});

describe('public routes answer without a session', () => {
  it.each(publicRoutes.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    const res = await call(r, {});
    expect(res.statusCode, res.body).toBeLessThan(500);
    // Whatever it answers (a bad reset token, unknown credentials), it never asks for a session.
    expect(res.json()).not.toMatchObject({ message: messages.transport.sessionExpired });
    expect(res.statusCode === 403).toBe(false);
  });

  it('the read-only public routes answer 200', async () => {
    for (const url of ['/api/health', '/api/config', '/api/hosts/public', '/api/hosts/public/active']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('staff routes: 403 to a customer; staff and admins pass', () => {
  it.each(staffRoutes.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    expectForbidden(await call(r, await headersFor('user')));
    if (!isAdminRoute(r)) {
      expectAllowed(await call(r, await headersFor('staff')));
    }
    expectAllowed(await call(r, await headersFor('admin')));
  });
});

describe('admin routes: 403 to a customer and to staff; admins pass', () => {
  it.each(adminRoutes.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    expectForbidden(await call(r, await headersFor('user')));
    expectForbidden(await call(r, await headersFor('staff')));
    expectAllowed(await call(r, await headersFor('admin')));
  });
});

describe('every other secured route lets a customer through', () => {
  it.each(customerRoutes.map((r) => [key(r), r] as const))('%s', async (_name, r) => {
    expectAllowed(await call(r, await headersFor('user')));
  });
});

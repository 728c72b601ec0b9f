import { messages } from '@hopbox/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, receiveBody, staffReceiveWithPhotos, testImage, uniqueIp } from '../helper.ts';
import { type ApiRoute, apiRoutes, routeName, sessions, urlOf } from './routes.ts';

/**
 * PostgreSQL cannot store NUL (U+0000) in text and fails the whole query. Every route refuses text
 * with a NUL before its schema sees it, wherever it comes: body, path parameter or query, and answers
 * 400 naming the field. Each route is called with a session of the role it lets through, so the
 * answer is about the input, not the authorization.
 */

const NUL = '\u0000';
const t = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0' });
afterAll(() => t.close());
const routes = await apiRoutes(t);
const headersFor = sessions(t);

function expectNulRefused(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).not.toBe(500);
  expectError(res, 400, messages.transport.nulCharacter, field);
}

async function callWithBody(route: ApiRoute, body: Record<string, string>) {
  const base = { method: route.method as 'POST', url: urlOf(route), headers: await headersFor(route.role), remoteAddress: uniqueIp() };
  if (route.form) {
    return t.app.inject({
      ...base,
      headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  }
  return t.app.inject({ ...base, payload: body });
}

const bodyCases = routes
  .filter((r) => r.takesBody && !r.multipart)
  .flatMap((r) => (r.bodyFields.length > 0 ? r.bodyFields : ['note']).map((field) => [`${routeName(r)} body.${field}`, r, field] as const));
const paramCases = routes.flatMap((r) => r.params.map((param) => [`${routeName(r)} param ${param}`, r, param] as const));
const queryCases = routes.flatMap((r) =>
  (r.queryFields.length > 0 ? r.queryFields : ['q']).map((field) => [`${routeName(r)} query ${field}`, r, field] as const),
);

describe('NUL in text: the route list', () => {
  it('covers every route of the app, hidden ones included', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map(routeName)).toEqual(
      expect.arrayContaining([
        'PUT /api/user/received-packages/{id}',
        'POST /api/user/shipment-payment/check',
        'GET /api/hosts/code/{code}',
        'GET /api/user/photo-requests/order/{orderId}',
        'POST /payments/sandbox/{reference}',
      ]),
    );
  });
});

describe('NUL in a body field answers 400 naming the field', () => {
  it.each(bodyCases)('%s', async (_name, route, field) => {
    expectNulRefused(await callWithBody(route, { [field]: `text${NUL}more` }), field);
  });

  it('deep inside a body as well, with the path of the field', async () => {
    const route = routes.find((r) => routeName(r) === 'POST /api/user/shipments') as ApiRoute;
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(route),
      headers: await headersFor('user'),
      payload: { packages: ['HBX1', `HBX${NUL}2`] },
    });
    expectNulRefused(res, 'packages.1');
  });

  it('in a key too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/notifications',
      headers: await headersFor('user'),
      payload: { [`packageReceived${NUL}`]: true },
    });
    expectNulRefused(res, 'packageReceived\\u0000');
  });
});

describe('NUL in a path parameter answers 400 naming the parameter', () => {
  it.each(paramCases)('%s', async (_name, route, param) => {
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, param, '%00'),
      headers: await headersFor(route.role),
      remoteAddress: uniqueIp(),
      ...(route.takesBody && !route.multipart ? { payload: {} } : {}),
    });
    expectNulRefused(res, param);
  });
});

describe('NUL in a query value answers 400 naming the field', () => {
  it.each(queryCases)('%s', async (_name, route, field) => {
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: `${urlOf(route)}?${field}=a%00b`,
      headers: await headersFor(route.role),
      remoteAddress: uniqueIp(),
      ...(route.takesBody && !route.multipart ? { payload: {} } : {}),
    });
    expectNulRefused(res, field);
  });
});

describe('NUL in upload forms', () => {
  const receiveWithPhotos = async (fileName: string, pkg: Record<string, unknown>) => {
    const staff = await headersFor('staff');
    const customer = await t.createUser('user');
    const res = await staffReceiveWithPhotos(t, staff, [{ name: fileName, body: await testImage() }], {
      package: JSON.stringify(receiveBody(customer.lockerNumber as string, pkg)),
    });
    return Object.assign(res, { customer });
  };

  it('a NUL inside the package JSON of a receipt answers 400 naming the field', async () => {
    expectNulRefused(await receiveWithPhotos('box.jpg', { shipper: `Amazon${NUL}US` }), 'shipper');
  });

  it('a file name with NUL is stored without it', async () => {
    const res = await receiveWithPhotos(`box${NUL}.jpg`, {});
    expect(res.statusCode, res.body).toBe(201);
    // Photos taken at receipt belong to the package (decision 030): its owner reads them with its details.
    const { token } = await t.signIn(res.customer.email, res.customer.password);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/user/received-packages/${res.json().data.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.json().data.receiptPhotos.map((a: { originalFileName: string }) => a.originalFileName)).toEqual(['box.jpg']);
  });
});

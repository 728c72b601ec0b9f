import { messages } from '@hopbox/contracts/messages';
import { phoneMessages } from '@hopbox/contracts/phone-messages';
import { MAX_FREE_STORAGE_DAYS, MAX_STORAGE_FEE_PER_DAY } from '@hopbox/contracts/storage';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { expectError, insertShipment, useTestApp } from '../helper.ts';

const FORBIDDEN = 'Access denied. You do not have permission to perform this action.';
type Headers = { authorization: string };

/** A valid host body. */
function hostBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Test Host',
    address: '1 Warehouse Road',
    city: 'Testville',
    country: 'Germany',
    postalCode: '10115',
    email: 'host@example.com',
    phone: '+49 30 1234567',
    code: 'TST',
    active: true,
    remoteAddressService: false,
    ...overrides,
  };
}

describe('hosts API', () => {
  const ids: Record<string, number> = {};
  const s = useTestApp(async (t) => {
    const admin = (await t.userWithToken('admin')).headers;
    const staff = (await t.userWithToken('staff')).headers;
    const customer = (await t.userWithToken('user')).headers;
    // Four hosts in three countries: two active (one with the remote address service), two inactive (one with it).
    const fixtures = [
      hostBody({ name: 'Dubai Hub', city: 'Dubai', country: 'United Arab Emirates', code: 'DXB', remoteAddressService: true }),
      hostBody({ name: 'London Depot', city: 'London', country: 'United Kingdom', code: 'LHR', email: null, postalCode: null }),
      hostBody({ name: 'Manchester Depot', city: 'Manchester', country: 'United Kingdom', code: 'MAN', active: false }),
      hostBody({ name: 'Berlin Store', city: 'Berlin', country: 'Germany', code: 'BER', active: false, remoteAddressService: true }),
    ];
    for (const body of fixtures) {
      const res = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: admin, payload: body });
      if (res.statusCode !== 201) throw new Error(`fixture host: ${res.statusCode} ${res.body}`);
      ids[body.code] = res.json().data.id;
    }
    return { admin, staff, customer };
  });

  const get = (url: string, headers: Partial<Headers> = {}) => s.t.app.inject({ method: 'GET', url, headers });
  const codes = (res: { json(): { data: Array<{ code: string }> } }) => res.json().data.map((h) => h.code);

  describe('reading', () => {
    it('GET /api/hosts lists every host sorted by name, with the SPEC.md fields', async () => {
      const res = await get('/api/hosts', s.customer);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect(codes(res)).toEqual(['BER', 'DXB', 'LHR', 'MAN']);
      const dubai = res.json().data.find((h: { code: string }) => h.code === 'DXB');
      expect(dubai).toMatchObject({
        id: ids.DXB,
        name: 'Dubai Hub',
        address: '1 Warehouse Road',
        city: 'Dubai',
        country: 'United Arab Emirates',
        postalCode: '10115',
        email: 'host@example.com',
        phone: '+49301234567',
        code: 'DXB',
        active: true,
        remoteAddressService: true,
      });
      const london = res.json().data.find((h: { code: string }) => h.code === 'LHR');
      expect(london).toMatchObject({ email: null, postalCode: null });
    });

    it('GET /api/hosts/active lists only the active hosts', async () => {
      const res = await get('/api/hosts/active', s.customer);
      expect(res.statusCode).toBe(200);
      expect(codes(res)).toEqual(['DXB', 'LHR']);
    });

    it('GET /api/hosts/remote-address-service lists the active hosts offering it', async () => {
      const res = await get('/api/hosts/remote-address-service', s.customer);
      expect(res.statusCode).toBe(200);
      expect(codes(res)).toEqual(['DXB']);
    });

    it('GET /api/hosts/public and /api/hosts/public/active answer without a token', async () => {
      const all = await get('/api/hosts/public');
      expect(all.statusCode).toBe(200);
      expect(codes(all)).toEqual(['BER', 'DXB', 'LHR', 'MAN']);
      expect(all.json().data.find((h: { code: string }) => h.code === 'MAN').active).toBe(false);
      const active = await get('/api/hosts/public/active');
      expect(active.statusCode).toBe(200);
      expect(codes(active)).toEqual(['DXB', 'LHR']);
    });

    it('GET /api/hosts/country/{country} lists the active hosts of that country, in any case', async () => {
      expect(codes(await get('/api/hosts/country/United%20Kingdom', s.customer))).toEqual(['LHR']);
      expect(codes(await get('/api/hosts/country/united%20arab%20emirates', s.customer))).toEqual(['DXB']);
      expect(codes(await get('/api/hosts/country/Germany', s.customer))).toEqual([]);
      expect(codes(await get('/api/hosts/country/Atlantis', s.customer))).toEqual([]);
    });

    it('GET /api/hosts/{id} answers one host, 404 for an unknown id and 400 for a non-number', async () => {
      const res = await get(`/api/hosts/${ids.LHR}`, s.customer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { id: ids.LHR, code: 'LHR', name: 'London Depot' } });
      expectError(await get('/api/hosts/999999', s.customer), 404, messages.hosts.notFound);
      expectError(await get('/api/hosts/2147483647', s.customer), 404, messages.hosts.notFound);
      // Beyond PostgreSQL's integer range: bad input (400), never a failed query (500).
      expect((await get('/api/hosts/2147483648', s.customer)).statusCode).toBe(400);
      expect((await get('/api/hosts/99999999999999999999', s.customer)).statusCode).toBe(400);
      expect((await get('/api/hosts/abc', s.customer)).statusCode).toBe(400);
      expect((await get('/api/hosts/-1', s.customer)).statusCode).toBe(400);
    });

    it('GET /api/hosts/code/{code} answers the host by code in any case, 404 for an unknown code', async () => {
      const res = await get('/api/hosts/code/dxb', s.customer);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: ids.DXB, code: 'DXB' });
      expect((await get('/api/hosts/code/MAN', s.customer)).json().data.id).toBe(ids.MAN);
      expectError(await get('/api/hosts/code/NOPE', s.customer), 404, 'Host not found');
    });

    it('GET /api/hosts/stats counts total, active, inactive, remote address service and countries', async () => {
      const res = await get('/api/hosts/stats', s.customer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { total: 4, active: 2, inactive: 2, remoteAddressService: 2, countries: 3 } });
    });

    it('staff and admins can read too', async () => {
      expect(codes(await get('/api/hosts/active', s.staff))).toEqual(['DXB', 'LHR']);
      expect(codes(await get('/api/hosts', s.admin))).toHaveLength(4);
    });

    it.each([
      '/api/hosts',
      '/api/hosts/active',
      '/api/hosts/remote-address-service',
      '/api/hosts/country/Germany',
      '/api/hosts/stats',
      '/api/hosts/code/DXB',
      '/api/hosts/1',
    ])('GET %s answers 401 without a token', async (url) => {
      expectError(await get(url), 401, messages.transport.sessionExpired);
      expectError(await get(url, { authorization: 'Bearer not-a-token' }), 401, messages.transport.sessionExpired);
    });
  });

  describe('writing as an admin', () => {
    it('creates a host: 201, the code in capitals and the optional fields empty when left out', async () => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: s.admin,
        payload: { name: ' New Host ', address: '2 Dock Street', city: 'Hamburg', country: 'Germany', code: 'ham-1', email: '' },
      });
      expect(res.statusCode).toBe(201);
      const host = res.json().data;
      expect(host).toMatchObject({
        name: 'New Host',
        code: 'HAM-1',
        email: null,
        phone: null,
        postalCode: null,
        active: true,
        remoteAddressService: false,
      });
      expect(typeof host.id).toBe('number');
      expect((await get(`/api/hosts/${host.id}`, s.customer)).json().data.code).toBe('HAM-1');
      ids['HAM-1'] = host.id;
    });

    it('updates a host, and its updatedAt moves on', async () => {
      const before = (await get(`/api/hosts/${ids['HAM-1']}`, s.admin)).json().data.updatedAt;
      const res = await s.t.app.inject({
        method: 'PUT',
        url: `/api/hosts/${ids['HAM-1']}`,
        headers: s.admin,
        payload: hostBody({ name: 'Hamburg Port', city: 'Hamburg', code: 'HAM-1', phone: '+49 40 555' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: ids['HAM-1'], name: 'Hamburg Port', phone: '+4940555', email: 'host@example.com' });
      expect((await get(`/api/hosts/${ids['HAM-1']}`, s.customer)).json().data.name).toBe('Hamburg Port');
      expect(Date.parse(res.json().data.updatedAt)).toBeGreaterThan(Date.parse(before));
    });

    it("stores the phone in E.164, a local number read in the host's country", async () => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: s.admin,
        payload: hostBody({
          name: 'Jersey City',
          city: 'Jersey City',
          country: 'United States of America',
          code: 'EWR-1',
          phone: '(201) 555-0142',
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.phone).toBe('+12015550142');
    });

    it("refuses a phone that is no number of the host's country with 400 naming the field, and changes nothing", async () => {
      const body = hostBody({ name: 'Nowhere', city: 'Berlin', code: 'NOPE-1', phone: '050 123 4567' });
      expectError(
        await s.t.app.inject({ method: 'POST', url: '/api/hosts', headers: s.admin, payload: body }),
        400,
        phoneMessages.invalidForCountry('Germany'),
        'phone',
      );
      expect((await get('/api/hosts/code/NOPE-1', s.admin)).statusCode).toBe(404);
      const update = await s.t.app.inject({
        method: 'PUT',
        url: `/api/hosts/${ids['HAM-1']}`,
        headers: s.admin,
        payload: hostBody({ name: 'Renamed', city: 'Hamburg', code: 'HAM-1', phone: '+49 1' }),
      });
      expectError(update, 400, phoneMessages.invalidForCountry('Germany'), 'phone');
      expect((await get(`/api/hosts/${ids['HAM-1']}`, s.admin)).json().data).toMatchObject({ name: 'Hamburg Port', phone: '+4940555' });
    });

    it('deactivates and activates a host, and the active lists follow', async () => {
      const off = await s.t.app.inject({ method: 'POST', url: `/api/hosts/${ids.LHR}/deactivate`, headers: s.admin });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: ids.LHR, active: false });
      expect(codes(await get('/api/hosts/public/active'))).not.toContain('LHR');

      const on = await s.t.app.inject({
        method: 'POST',
        url: `/api/hosts/${ids.LHR}/activate`,
        headers: { ...s.admin, 'content-type': 'application/json' },
      });
      expect(on.statusCode).toBe(200);
      expect(on.json().data).toMatchObject({ id: ids.LHR, active: true });
      expect(codes(await get('/api/hosts/public/active'))).toContain('LHR');
    });

    it('toggles the remote address service on and off', async () => {
      const on = await s.t.app.inject({ method: 'POST', url: `/api/hosts/${ids.LHR}/toggle-remote-service`, headers: s.admin });
      expect(on.statusCode).toBe(200);
      expect(on.json().data.remoteAddressService).toBe(true);
      expect(codes(await get('/api/hosts/remote-address-service', s.customer))).toEqual(['DXB', 'LHR']);
      const off = await s.t.app.inject({ method: 'POST', url: `/api/hosts/${ids.LHR}/toggle-remote-service`, headers: s.admin });
      expect(off.json().data.remoteAddressService).toBe(false);
      expect(codes(await get('/api/hosts/remote-address-service', s.customer))).toEqual(['DXB']);
    });

    it('deletes a host', async () => {
      const created = await s.t.app.inject({ method: 'POST', url: '/api/hosts', headers: s.admin, payload: hostBody({ code: 'GONE' }) });
      const id = created.json().data.id;
      const res = await s.t.app.inject({ method: 'DELETE', url: `/api/hosts/${id}`, headers: s.admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expectError(await get(`/api/hosts/${id}`, s.customer), 404, messages.hosts.notFound);
      expectError(await s.t.app.inject({ method: 'DELETE', url: `/api/hosts/${id}`, headers: s.admin }), 404, messages.hosts.notFound);
    });

    it('refuses to delete a host that shipments point at (409) and keeps it', async () => {
      const owner = await s.t.createUser('user');
      await insertShipment(s.t, owner.id, { shipmentId: 'SHP-HOST-1', shipmentStatus: 'Shipped', hostId: ids.MAN });
      const res = await s.t.app.inject({ method: 'DELETE', url: `/api/hosts/${ids.MAN}`, headers: s.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: 'Conflict' });
      expect((await get(`/api/hosts/${ids.MAN}`, s.customer)).statusCode).toBe(200);
    });

    it('answers 409 for a duplicate code, in any case, on create and on update', async () => {
      const dup = await s.t.app.inject({ method: 'POST', url: '/api/hosts', headers: s.admin, payload: hostBody({ code: 'dxb' }) });
      expectError(dup, 409, 'A host with this code already exists', 'code');
      const update = await s.t.app.inject({
        method: 'PUT',
        url: `/api/hosts/${ids.LHR}`,
        headers: s.admin,
        payload: hostBody({ name: 'London Depot', code: 'DXB' }),
      });
      expectError(update, 409, messages.hosts.codeTaken, 'code');
      expect((await get(`/api/hosts/${ids.LHR}`, s.customer)).json().data.code).toBe('LHR');
    });

    const required = messages.addresses.requiredFields;
    it.each([
      ['a missing name', { name: undefined }, required, 'name'],
      ['a blank address', { address: '  ' }, required, 'address'],
      ['a missing city', { city: undefined }, required, 'city'],
      ['an empty country', { country: '' }, required, 'country'],
      ['a missing code', { code: undefined }, required, 'code'],
      ['a code with spaces', { code: 'A B' }, 'Code must be 2 to 12 letters, digits or dashes', 'code'],
      ['a one-letter code', { code: 'A' }, 'Code must be 2 to 12 letters, digits or dashes', 'code'],
      ['a 13-character code', { code: 'ABCDEFGHIJKLM' }, 'Code must be 2 to 12 letters, digits or dashes', 'code'],
      ['an invalid email', { email: 'not-mail' }, 'Email is invalid', 'email'],
    ])('refuses %s with 400 and the message', async (_case, overrides, message, field) => {
      const body = JSON.parse(JSON.stringify(hostBody({ code: 'VAL', ...overrides })));
      expectError(await s.t.app.inject({ method: 'POST', url: '/api/hosts', headers: s.admin, payload: body }), 400, message, field);
      const put = await s.t.app.inject({ method: 'PUT', url: `/api/hosts/${ids.BER}`, headers: s.admin, payload: body });
      expectError(put, 400, message, field);
    });

    it('refuses a non-boolean active flag with 400', async () => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: s.admin,
        payload: hostBody({ code: 'BOOL', active: 'yes' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'active' });
    });

    it('answers the storage terms, 45 free days and 2 AED a day unless given', async () => {
      const res = await get(`/api/hosts/${ids.DXB}`, s.customer);
      expect(res.json().data).toMatchObject({ freeStorageDays: 45, storageFeePerDay: 2 });
      const made = await s.t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: s.admin,
        payload: hostBody({ code: 'TERMS', freeStorageDays: 10, storageFeePerDay: '5.5' }),
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data).toMatchObject({ freeStorageDays: 10, storageFeePerDay: 5.5 });
    });

    it("changes a host's storage terms, and the audit log records the change", async () => {
      const id = ids.LHR as number;
      const res = await s.t.app.inject({
        method: 'PUT',
        url: `/api/hosts/${id}`,
        headers: s.admin,
        payload: hostBody({
          name: 'London Depot',
          city: 'London',
          country: 'United Kingdom',
          code: 'LHR',
          email: null,
          postalCode: null,
          freeStorageDays: 30,
          storageFeePerDay: 3.25,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ freeStorageDays: 30, storageFeePerDay: 3.25 });
      expect((await get(`/api/hosts/${id}`, s.customer)).json().data).toMatchObject({ freeStorageDays: 30, storageFeePerDay: 3.25 });
      const [entry] = await s.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'host'), eq(auditLog.entityId, id), eq(auditLog.action, 'host.updated')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.before).toMatchObject({ freeStorageDays: 45, storageFeePerDay: 2 });
      expect(entry?.after).toMatchObject({ freeStorageDays: 30, storageFeePerDay: 3.25 });
    });

    const FREE_DAYS_RULE = `Free storage days must be a whole number from 0 to ${MAX_FREE_STORAGE_DAYS}`;
    const FEE_RULE = `Storage fee per day must be an amount in AED from 0 to ${MAX_STORAGE_FEE_PER_DAY}, with at most 2 decimals`;
    it.each([
      ['a negative number of days', { freeStorageDays: -1 }, 'freeStorageDays', FREE_DAYS_RULE],
      ['a fraction of a day', { freeStorageDays: 2.5 }, 'freeStorageDays', FREE_DAYS_RULE],
      ['too many days', { freeStorageDays: MAX_FREE_STORAGE_DAYS + 1 }, 'freeStorageDays', FREE_DAYS_RULE],
      ['days as words', { freeStorageDays: 'forty' }, 'freeStorageDays', FREE_DAYS_RULE],
      ['empty days', { freeStorageDays: '' }, 'freeStorageDays', FREE_DAYS_RULE],
      ['a null fee', { storageFeePerDay: null }, 'storageFeePerDay', FEE_RULE],
      ['a negative fee', { storageFeePerDay: -0.01 }, 'storageFeePerDay', FEE_RULE],
      ['a fee of three decimals', { storageFeePerDay: 1.005 }, 'storageFeePerDay', FEE_RULE],
      ['too large a fee', { storageFeePerDay: MAX_STORAGE_FEE_PER_DAY + 1 }, 'storageFeePerDay', FEE_RULE],
      ['a fee as a long text', { storageFeePerDay: '1'.repeat(5000) }, 'storageFeePerDay', FEE_RULE],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_label, terms, field, message) => {
      const id = ids.DXB as number;
      const before = (await get(`/api/hosts/${id}`, s.admin)).json().data;
      const res = await s.t.app.inject({
        method: 'PUT',
        url: `/api/hosts/${id}`,
        headers: s.admin,
        payload: hostBody({ name: before.name, city: before.city, country: before.country, code: 'DXB', ...terms }),
      });
      expectError(res, 400, message, field);
      expect((await get(`/api/hosts/${id}`, s.admin)).json().data).toEqual(before);
      const created = await s.t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: s.admin,
        payload: hostBody({ code: 'BAD-TERMS', ...terms }),
      });
      expectError(created, 400, message, field);
    });

    it.each([
      ['PUT', '', true],
      ['DELETE', '', false],
      ['POST', '/activate', false],
      ['POST', '/deactivate', false],
      ['POST', '/toggle-remote-service', false],
    ] as const)('%s /api/hosts/{id}%s answers 404 for an unknown id', async (method, suffix, withBody) => {
      const res = await s.t.app.inject({
        method,
        url: `/api/hosts/999999${suffix}`,
        headers: s.admin,
        ...(withBody ? { payload: hostBody({ code: 'NONE' }) } : {}),
      });
      expectError(res, 404, 'Host not found');
    });
  });

  describe('writing without the admin role', () => {
    const writes = (id: () => number) =>
      [
        ['POST /api/hosts', () => ({ method: 'POST' as const, url: '/api/hosts', payload: hostBody({ code: 'NOPE' }) })],
        [
          'PUT /api/hosts/{id}',
          () => ({ method: 'PUT' as const, url: `/api/hosts/${id()}`, payload: hostBody({ name: 'Hijacked', code: 'BER' }) }),
        ],
        ['DELETE /api/hosts/{id}', () => ({ method: 'DELETE' as const, url: `/api/hosts/${id()}` })],
        ['POST /api/hosts/{id}/activate', () => ({ method: 'POST' as const, url: `/api/hosts/${id()}/activate` })],
        ['POST /api/hosts/{id}/deactivate', () => ({ method: 'POST' as const, url: `/api/hosts/${id()}/deactivate` })],
        [
          'POST /api/hosts/{id}/toggle-remote-service',
          () => ({ method: 'POST' as const, url: `/api/hosts/${id()}/toggle-remote-service` }),
        ],
      ] as const;

    it.each(writes(() => ids.BER as number))('%s answers 403 for a customer and for staff, 401 without a token', async (_name, request) => {
      const before = (await get(`/api/hosts/${ids.BER}`, s.admin)).json().data;
      for (const headers of [s.customer, s.staff]) {
        const res = await s.t.app.inject({ ...request(), headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, error: 'Forbidden', message: FORBIDDEN, code: 'FORBIDDEN' });
      }
      expectError(await s.t.app.inject(request()), 401, messages.transport.sessionExpired);
      // Nothing changed.
      expect((await get(`/api/hosts/${ids.BER}`, s.admin)).json().data).toEqual(before);
      expect(codes(await get('/api/hosts/public'))).not.toContain('NOPE');
    });

    it('checks the role before the input: a bad body or id gives a customer 403 and no token 401, not a validation message', async () => {
      const requests = [
        { method: 'POST' as const, url: '/api/hosts', payload: { name: '' } },
        { method: 'PUT' as const, url: `/api/hosts/${ids.BER}`, payload: { code: '!' } },
        { method: 'POST' as const, url: '/api/hosts/not-an-id/activate' },
        { method: 'DELETE' as const, url: '/api/hosts/0' },
      ];
      for (const request of requests) {
        const asCustomer = await s.t.app.inject({ ...request, headers: s.customer });
        expect(asCustomer.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(asCustomer.json().message).toBe(FORBIDDEN);
        expectError(await s.t.app.inject(request), 401, messages.transport.sessionExpired);
      }
    });
  });
});

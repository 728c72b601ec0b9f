import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import { expectError, putInShipment, receivePackage, staffMovePhotoRequest, useTestApp } from '../helper.ts';

type ListAnswer = { success: boolean; data: Package[]; total: number; page: number; pageSize: number };

describe('customer: received packages', () => {
  const s = useTestApp(async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
    me: await t.customer(),
    neighbour: await t.customer(),
  }));

  const list = (headers: Headers, query = '') => s.t.app.inject({ method: 'GET', url: `/api/user/received-packages${query}`, headers });
  const edit = (headers: Headers, id: number, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/received-packages/${id}`, headers, payload });

  describe('GET /api/user/received-packages', () => {
    const mine: Package[] = [];
    let theirs: Package;

    beforeAll(async () => {
      // 12 packages, received one day apart, in a shuffled order of arrival at the API.
      const days = [5, 1, 9, 3, 12, 7, 2, 11, 4, 8, 6, 10];
      for (const day of days) {
        mine.push(
          await receivePackage(s.t, s.staff, s.me.locker, {
            receivedDate: new Date(Date.now() - (30 - day) * 86_400_000).toISOString(),
            shipper: `Shipper ${day}`,
            packageContent: `Content ${day}`,
            origin: day % 2 === 0 ? 'Germany' : 'Italy',
            externalTrackingNumber: `TRK-${day}-XYZ`,
          }),
        );
      }
      theirs = await receivePackage(s.t, s.staff, s.neighbour.locker, { shipper: 'Shipper 1', externalTrackingNumber: 'TRK-NEIGHBOUR' });
    });

    const byNewest = () => [...mine].sort((a, b) => Date.parse(b.receivedDate) - Date.parse(a.receivedDate)).map((p) => p.id);

    it('answers the whole locker with success and data when no page is asked, newest first', async () => {
      const res = await list(s.me.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json() as ListAnswer;
      expect(body.success).toBe(true);
      expect(body.data.map((p) => p.id)).toEqual(byNewest());
      expect(body.total).toBe(12);
    });

    it("shows only the signed-in customer's packages", async () => {
      const ids = (await list(s.me.headers)).json().data.map((p: Package) => p.id);
      expect(ids).not.toContain(theirs.id);
      const neighbourIds = (await list(s.neighbour.headers)).json().data.map((p: Package) => p.id);
      expect(neighbourIds).toEqual([theirs.id]);
    });

    it('pages with page, pageSize and total', async () => {
      const first = (await list(s.me.headers, '?page=1&pageSize=10')).json() as ListAnswer;
      expect(first).toMatchObject({ success: true, total: 12, page: 1, pageSize: 10 });
      expect(first.data.map((p) => p.id)).toEqual(byNewest().slice(0, 10));
      const second = (await list(s.me.headers, '?page=2&pageSize=10')).json() as ListAnswer;
      expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10 });
      expect(second.data.map((p) => p.id)).toEqual(byNewest().slice(10));
      const beyond = (await list(s.me.headers, '?page=3&pageSize=10')).json() as ListAnswer;
      expect(beyond).toMatchObject({ data: [], total: 12, page: 3 });
    });

    it('uses a page size of 10 when only page is given, and 20 when asked', async () => {
      const res = (await list(s.me.headers, '?page=1')).json() as ListAnswer;
      expect(res.pageSize).toBe(10);
      expect(res.data).toHaveLength(10);
      const twenty = (await list(s.me.headers, '?pageSize=20')).json() as ListAnswer;
      expect(twenty).toMatchObject({ page: 1, pageSize: 20, total: 12 });
      expect(twenty.data).toHaveLength(12);
    });

    it('answers 400 for a page size outside 1 to 100 and for page 0', async () => {
      expectError(await list(s.me.headers, '?pageSize=0'), 400, 'pageSize must be a whole number from 1 to 100', 'pageSize');
      expectError(await list(s.me.headers, '?pageSize=1000'), 400, 'pageSize must be a whole number from 1 to 100', 'pageSize');
      const zero = await list(s.me.headers, '?page=0');
      expect(zero.statusCode).toBe(400);
      expect(zero.json()).toMatchObject({ success: false, field: 'page' });
    });

    const search = async (q: string, headers = s.me.headers) =>
      ((await list(headers, `?q=${encodeURIComponent(q)}`)).json() as ListAnswer).data.map((p) => p.id);
    const idOf = (day: number) => mine[[5, 1, 9, 3, 12, 7, 2, 11, 4, 8, 6, 10].indexOf(day)]?.id;

    it('searches the Hopbox ID', async () => {
      const target = mine[3] as Package;
      expect(await search(target.hopboxId)).toEqual([target.id]);
      expect(await search(target.hopboxId.toLowerCase())).toEqual([target.id]);
    });

    it('searches the shipper and the content, case-insensitively', async () => {
      expect(await search('shipper 11')).toEqual([idOf(11)]);
      expect(await search('CONTENT 12')).toEqual([idOf(12)]);
    });

    it('searches the origin', async () => {
      const germany = await search('germ');
      expect(germany).toHaveLength(6);
      expect(germany).toEqual(byNewest().filter((id) => mine.find((p) => p.id === id)?.origin === 'Germany'));
    });

    it('searches the external tracking number', async () => {
      expect(await search('trk-7-')).toEqual([idOf(7)]);
    });

    it("never finds another customer's package", async () => {
      expect(await search('TRK-NEIGHBOUR')).toEqual([]);
      expect(await search(theirs.hopboxId)).toEqual([]);
    });

    it('answers the page, pageSize and total of a search', async () => {
      const res = (await list(s.me.headers, '?q=Italy&page=1&pageSize=10')).json() as ListAnswer;
      expect(res).toMatchObject({ total: 6, page: 1, pageSize: 10 });
      expect(res.data).toHaveLength(6);
    });

    it('treats % and _ in the search as the characters themselves', async () => {
      const percent = await receivePackage(s.t, s.staff, s.me.locker, { shipper: '100% Cotton Co', externalTrackingNumber: 'PCT-1' });
      const plain = await receivePackage(s.t, s.staff, s.me.locker, { shipper: '1000 Cotton Co', externalTrackingNumber: 'PCT-2' });
      const underscore = await receivePackage(s.t, s.staff, s.me.locker, { shipper: 'Under_score Ltd', externalTrackingNumber: 'USC-1' });
      const lookalike = await receivePackage(s.t, s.staff, s.me.locker, { shipper: 'UnderXscore Ltd', externalTrackingNumber: 'USC-2' });
      try {
        expect(await search('%')).toEqual([percent.id]);
        expect(await search('0% C')).toEqual([percent.id]);
        expect(await search('_')).toEqual([underscore.id]);
        expect(await search('r_s')).toEqual([underscore.id]);
        expect(await search('Cotton')).toEqual(expect.arrayContaining([percent.id, plain.id]));
        expect(await search('Under')).toEqual(expect.arrayContaining([underscore.id, lookalike.id]));
      } finally {
        // Keep the locker at the 12 packages the other tests count.
        for (const p of [percent, plain, underscore, lookalike]) await putInShipment(s.t, p, s.me.id);
      }
    });

    it('leaves out packages already in a shipment', async () => {
      const shipped = await receivePackage(s.t, s.staff, s.me.locker, { shipper: 'Shipped Already' });
      expect(await search('Shipped Already')).toEqual([shipped.id]);
      await putInShipment(s.t, shipped, s.me.id);
      expect(await search('Shipped Already')).toEqual([]);
      expect(((await list(s.me.headers)).json() as ListAnswer).total).toBe(12);
    });

    it('answers 401 without a token and 403 to staff', async () => {
      expectError(await list({}), 401, messages.transport.sessionExpired);
      expectError(await list(s.staff), 403, messages.transport.forbidden);
    });

    it('flags photoRequested while a photo request is open, and not once it is closed', async () => {
      const target = mine[0] as Package;
      const flag = async () => ((await list(s.me.headers)).json() as ListAnswer).data.find((p) => p.id === target.id)?.photoRequested;
      expect(await flag()).toBe(false);
      const created = await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${target.id}`, headers: s.me.headers });
      expect(created.statusCode, created.body).toBe(201);
      const requestId = created.json().photoRequest.id;
      expect(await flag()).toBe(true);
      const moved = await s.t.app.inject({
        method: 'PUT',
        url: `/api/staff/photo-requests/${requestId}`,
        headers: s.staff,
        payload: { status: 'IN_PROGRESS' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await flag()).toBe(true);
      const done = await staffMovePhotoRequest(s.t, s.staff, requestId, { status: 'COMPLETED' });
      expect(done.statusCode, done.body).toBe(200);
      expect(await flag()).toBe(false);
    });

    it('flags only the package whose request is open, whatever the ids of packages and requests', async () => {
      const flags = async () => new Map(((await list(s.me.headers)).json() as ListAnswer).data.map((p) => [p.id, p.photoRequested]));
      const last = mine[mine.length - 1] as Package;
      const created = await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${last.id}`, headers: s.me.headers });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().photoRequest.id).not.toBe(last.id);
      const after = await flags();
      expect(after.get(last.id)).toBe(true);
      expect([...after.entries()].filter(([, flagged]) => flagged).map(([id]) => id)).toEqual([last.id]);
      const one = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${last.id}`, headers: s.me.headers });
      expect(one.json().data.photoRequested).toBe(true);
    });
  });

  describe('GET /api/user/received-packages/{id}', () => {
    it("answers the customer's own package and 404 for another customer's", async () => {
      const pkg = await receivePackage(s.t, s.staff, s.me.locker);
      const res = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: s.me.headers });
      expect(res.statusCode).toBe(200);
      // Package Details carries the photos taken at receipt (none here, decision 030).
      expect(res.json()).toEqual({ success: true, data: { ...pkg, receiptPhotos: [] } });
      expectError(
        await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: s.neighbour.headers }),
        404,
        messages.packages.packageNotFound,
      );
    });
  });

  describe('PUT /api/user/received-packages/{id}', () => {
    let pkg: Package;
    beforeAll(async () => {
      pkg = await receivePackage(s.t, s.staff, s.me.locker, {
        description: 'As declared by the shipper',
        quantity: 2,
        unitPrice: 10,
        totalPrice: 20,
        shipper: 'Original Shipper',
        origin: 'France',
        packageWeight: 1.2,
      });
    });

    const current = async () => {
      const { receiptPhotos: _, ...stored } = (
        await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: s.me.headers })
      ).json().data;
      return stored as Package;
    };

    it('changes description, quantity, unit price and total price and answers the stored package', async () => {
      const res = await edit(s.me.headers, pkg.id, { description: 'Three silk scarves', quantity: 3, unitPrice: 12.5, totalPrice: 37.5 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: messages.packages.updated });
      expect(body.data).toEqual({ ...pkg, description: 'Three silk scarves', quantity: 3, unitPrice: 12.5, totalPrice: 37.5 });
      expect(await current()).toEqual(body.data);
    });

    it("refuses a value past the declaration's limits, which the one-item declaration would take: 400 naming the field, nothing changes", async () => {
      const before = await current();
      const tooDear = await edit(s.me.headers, pkg.id, { description: 'Gold', quantity: 1, unitPrice: 2_000_000, totalPrice: 2_000_000 });
      expectError(tooDear, 400, 'Unit price can be at most 1000000', 'unitPrice');
      const totalTooHigh = await edit(s.me.headers, pkg.id, { description: 'Gold', quantity: 2, unitPrice: 10, totalPrice: 2_000_001 });
      expectError(totalTooHigh, 400, 'Total price can be at most 1000000 a unit', 'totalPrice');
      expect(await current()).toEqual(before);
    });

    it('ignores every other field sent in the body', async () => {
      const res = await edit(s.me.headers, pkg.id, {
        description: 'Edited again',
        quantity: 1,
        unitPrice: 5,
        totalPrice: 5,
        shipper: 'Forged Shipper',
        origin: 'Germany',
        packageWeight: 99,
        lockerNumber: s.neighbour.locker,
        hopboxId: 'HBX0',
        shipmentStatus: 'Prohibited Item',
        currency: 'EUR',
        receivedDate: '2000-01-01T00:00:00.000Z',
        shipmentId: 1,
        id: pkg.id + 1000,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await current();
      expect(after).toEqual({ ...pkg, description: 'Edited again', quantity: 1, unitPrice: 5, totalPrice: 5 });
      expect(((await list(s.neighbour.headers)).json() as ListAnswer).data.map((p) => p.id)).not.toContain(pkg.id);
    });

    it('accepts numeric strings and clears an empty description', async () => {
      const res = await edit(s.me.headers, pkg.id, { description: '', quantity: '4', unitPrice: '2.50', totalPrice: '10' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ description: null, quantity: 4, unitPrice: 2.5, totalPrice: 10 });
    });

    it('accepts prices of 0 and with exactly 2 decimals', async () => {
      const res = await edit(s.me.headers, pkg.id, { description: 'Gift', quantity: 1, unitPrice: 0, totalPrice: 234567.89 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ unitPrice: 0, totalPrice: 234567.89 });
    });

    const valid = { description: 'Valid', quantity: 2, unitPrice: 1, totalPrice: 2 };
    const bad: [string, Record<string, unknown>, string, string][] = [
      ['quantity 0', { quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
      ['a negative quantity', { quantity: -3 }, 'quantity', 'Quantity must be at least 1'],
      ['quantity 1.5', { quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
      ['quantity "2.5"', { quantity: '2.5' }, 'quantity', 'Quantity must be a whole number'],
      ['a missing quantity', { quantity: undefined }, 'quantity', 'Quantity must be a number'],
      ['a quantity that is not a number', { quantity: 'many' }, 'quantity', 'Quantity must be a number'],
      ['a negative unit price', { unitPrice: -0.5 }, 'unitPrice', 'Unit price cannot be negative'],
      ['a negative total price as a string', { totalPrice: '-1' }, 'totalPrice', 'Total price cannot be negative'],
      ['a unit price with 3 decimals', { unitPrice: 0.125 }, 'unitPrice', 'Unit price can have at most 2 decimals'],
      ['a total price with 3 decimals', { totalPrice: '19.999' }, 'totalPrice', 'Total price can have at most 2 decimals'],
      ['a unit price that is not a number', { unitPrice: 'ten' }, 'unitPrice', 'Unit price must be a number'],
      ['a missing total price', { totalPrice: undefined }, 'totalPrice', 'Total price must be a number'],
    ];
    for (const [what, overrides, field, message] of bad) {
      it(`answers 400 naming ${field} for ${what} and changes nothing`, async () => {
        const before = await current();
        expectError(await edit(s.me.headers, pkg.id, { ...valid, ...overrides }), 400, message, field);
        expect(await current()).toEqual(before);
      });
    }

    it("answers 404 for another customer's package and leaves it unchanged", async () => {
      const before = await current();
      expectError(await edit(s.neighbour.headers, pkg.id, valid), 404, messages.packages.packageNotFound);
      expect(await current()).toEqual(before);
    });

    it('answers 404 for a package that does not exist', async () => {
      expectError(await edit(s.me.headers, 987654, valid), 404, messages.packages.packageNotFound);
    });

    it('answers 403 to staff and 401 without a token', async () => {
      expectError(await edit(s.staff, pkg.id, valid), 403, messages.transport.forbidden);
      expectError(await edit({}, pkg.id, valid), 401, messages.transport.sessionExpired);
    });

    it('answers 409 once the package is in a shipment, and changes nothing', async () => {
      const shipped = await receivePackage(s.t, s.staff, s.me.locker, {
        description: 'Before shipping',
        quantity: 1,
        unitPrice: 3,
        totalPrice: 3,
      });
      await putInShipment(s.t, shipped, s.me.id);
      expectError(await edit(s.me.headers, shipped.id, valid), 409, messages.packages.packageInShipment);
      const [row] = await s.t.db.select().from(packages).where(eq(packages.id, shipped.id));
      expect(row).toMatchObject({ description: 'Before shipping', quantity: 1, unitPrice: '3.00', totalPrice: '3.00' });
    });
  });
});

import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Headers, TestCustomer } from '../helper.ts';
import { expectError, putInShipment, receivePackage, staffMovePhotoRequest, useTestApp } from '../helper.ts';

type ListAnswer = { success: boolean; data: PhotoRequest[]; photoRequests: PhotoRequest[] };
type PageAnswer = { success: boolean; data: PhotoRequest[]; photoRequests?: PhotoRequest[]; total: number; page: number; pageSize: number };

const STATUS_MESSAGE = 'Status must be one of: PENDING, IN_PROGRESS, COMPLETED, REJECTED, CANCELLED';

describe('customer: photo requests', () => {
  const s = useTestApp(async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
    me: await t.customer(),
    neighbour: await t.customer(),
  }));

  const get = (url: string, headers: Headers) => s.t.app.inject({ method: 'GET', url, headers });
  const createFor = (packageId: number, headers: Headers, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${packageId}`, headers, ...(payload ? { payload } : {}) });
  const createGeneral = (payload: Record<string, unknown>, headers: Headers = s.me.headers) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/photo-requests', headers, payload });
  const check = (packageId: number, headers: Headers = s.me.headers) => get(`/api/user/photo-requests/check/${packageId}`, headers);
  const cancel = (id: number, headers: Headers = s.me.headers) =>
    s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/${id}/cancel`, headers });
  const staffMove = (id: number, status: string) => staffMovePhotoRequest(s.t, s.staff, id, { status });
  const newPackage = (owner = s.me, overrides: Record<string, unknown> = {}) => receivePackage(s.t, s.staff, owner.locker, overrides);
  async function requestFor(pkg: Package, headers: Headers = s.me.headers): Promise<PhotoRequest> {
    const res = await createFor(pkg.id, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().photoRequest;
  }

  describe('POST /api/user/photo-requests/create/{productId}', () => {
    it('creates a PENDING request for the package with an order reference and the package details', async () => {
      const pkg = await newPackage(s.me, { shipper: 'Nike Store', packageContent: 'Sneakers' });
      const before = Date.now();
      const res = await createFor(pkg.id, s.me.headers);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: messages.packages.photoRequested });
      const pr = body.photoRequest as PhotoRequest;
      expect(pr).toMatchObject({
        packageId: pkg.id,
        shipmentId: pkg.hopboxId,
        shipper: 'Nike Store',
        content: 'Sneakers',
        lockerNumber: s.me.locker,
        receivedDate: pkg.receivedDate,
        status: 'PENDING',
        requestedState: 'PENDING',
        priority: 'MEDIUM',
        requestType: 'PACKAGE_PHOTO',
        notes: null,
        staffNotes: null,
        completedDate: null,
        attachmentCount: 0,
        imagePath: null,
        imageName: null,
      });
      expect(pr.id).toBeTypeOf('number');
      expect(pr.orderId).toMatch(/^PR\d{6,}$/);
      expect(Date.parse(pr.requestedDate)).toBeGreaterThanOrEqual(before - 2000);
    });

    it('accepts a JSON content type with an empty body, and optional type, priority and notes', async () => {
      const a = await newPackage();
      const empty = await s.t.app.inject({
        method: 'POST',
        url: `/api/user/photo-requests/create/${a.id}`,
        headers: { ...s.me.headers, 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode, empty.body).toBe(201);
      const b = await newPackage();
      const detailed = await createFor(b.id, s.me.headers, { requestType: 'DAMAGE_PHOTO', priority: 'URGENT', notes: 'Show the seal' });
      expect(detailed.statusCode, detailed.body).toBe(201);
      expect(detailed.json().photoRequest).toMatchObject({ requestType: 'DAMAGE_PHOTO', priority: 'URGENT', notes: 'Show the seal' });
    });

    it('refuses a second open request for the same package with 409', async () => {
      const pkg = await newPackage();
      const first = await requestFor(pkg);
      expectError(await createFor(pkg.id, s.me.headers), 409, photoRequestMessages.photoRequestOpen);
      expect(await staffMove(first.id, 'IN_PROGRESS')).toHaveProperty('statusCode', 200);
      expectError(await createFor(pkg.id, s.me.headers), 409, photoRequestMessages.photoRequestOpen);
      const general = await createGeneral({ packageId: pkg.id });
      expectError(general, 409, photoRequestMessages.photoRequestOpen);
    });

    it('allows a new request once the previous one is completed', async () => {
      const pkg = await newPackage();
      const first = await requestFor(pkg);
      expect((await staffMove(first.id, 'COMPLETED')).statusCode).toBe(200);
      const second = await requestFor(pkg);
      expect(second.id).not.toBe(first.id);
      expect(second.orderId).not.toBe(first.orderId);
    });

    it("answers 404 for another customer's package and for an unknown package", async () => {
      const theirs = await newPackage(s.neighbour);
      expectError(await createFor(theirs.id, s.me.headers), 404, messages.packages.packageNotFound);
      expectError(await createFor(999999, s.me.headers), 404, messages.packages.packageNotFound);
      expect((await check(theirs.id, s.neighbour.headers)).json()).toEqual({ success: true, exists: false });
    });

    it('answers 409 for a package already in a shipment', async () => {
      const pkg = await newPackage();
      await putInShipment(s.t, pkg, s.me.id);
      expectError(await createFor(pkg.id, s.me.headers), 409, messages.packages.packageInShipment);
    });

    it('answers 403 to staff and 401 without a token', async () => {
      const pkg = await newPackage();
      expectError(await createFor(pkg.id, s.staff), 403, messages.transport.forbidden);
      expectError(await createFor(pkg.id, {}), 401, messages.transport.sessionExpired);
    });
  });

  describe('GET /api/user/photo-requests/check/{productId}', () => {
    it('answers exists false before a request, true while it is open, false after it is closed', async () => {
      const pkg = await newPackage();
      expect((await check(pkg.id)).json()).toEqual({ success: true, exists: false });
      const pr = await requestFor(pkg);
      expect((await check(pkg.id)).json()).toEqual({ success: true, exists: true });
      await staffMove(pr.id, 'IN_PROGRESS');
      expect((await check(pkg.id)).json()).toEqual({ success: true, exists: true });
      await staffMove(pr.id, 'REJECTED');
      expect((await check(pkg.id)).json()).toEqual({ success: true, exists: false });
    });

    it("answers 404 for another customer's package, even one with an open request", async () => {
      const theirs = await newPackage(s.neighbour);
      await requestFor(theirs, s.neighbour.headers);
      expectError(await check(theirs.id), 404, messages.packages.packageNotFound);
      expect((await check(theirs.id, s.neighbour.headers)).json()).toEqual({ success: true, exists: true });
    });
  });

  describe('POST /api/user/photo-requests', () => {
    it('creates a request with a request type, priority and notes', async () => {
      const pkg = await newPackage();
      const res = await createGeneral({
        packageId: pkg.id,
        requestType: 'CUSTOM_PHOTO',
        priority: 'HIGH',
        notes: '  Photo of the label  ',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: messages.packages.photoRequested,
        photoRequest: {
          packageId: pkg.id,
          requestType: 'CUSTOM_PHOTO',
          priority: 'HIGH',
          notes: 'Photo of the label',
          status: 'PENDING',
        },
      });
    });

    it('defaults the type to PACKAGE_PHOTO and the priority to MEDIUM, and takes packageId as a string', async () => {
      const pkg = await newPackage();
      const res = await createGeneral({ packageId: String(pkg.id) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().photoRequest).toMatchObject({ packageId: pkg.id, requestType: 'PACKAGE_PHOTO', priority: 'MEDIUM', notes: null });
    });

    const bad: [string, Record<string, unknown>, string, string][] = [
      ['a missing package', {}, 'packageId', 'Package is required'],
      ['package 0', { packageId: 0 }, 'packageId', 'Package is required'],
      ['a package that is not a number', { packageId: 'abc' }, 'packageId', 'Package is required'],
      [
        'an unknown request type',
        { requestType: 'VIDEO' },
        'requestType',
        'Request type must be one of: PACKAGE_PHOTO, DAMAGE_PHOTO, CUSTOM_PHOTO',
      ],
      ['an unknown priority', { priority: 'CRITICAL' }, 'priority', 'Priority must be one of: LOW, MEDIUM, HIGH, URGENT'],
      ['notes over 1000 characters', { notes: 'x'.repeat(1001) }, 'notes', 'Notes can be at most 1000 characters'],
    ];
    for (const [what, fields, field, message] of bad) {
      it(`answers 400 naming ${field} for ${what}`, async () => {
        const pkg = await newPackage();
        const payload = 'packageId' in fields || what === 'a missing package' ? fields : { packageId: pkg.id, ...fields };
        expectError(await createGeneral(payload), 400, message, field);
        expect((await check(pkg.id)).json().exists).toBe(false);
      });
    }

    it("answers 404 for another customer's package", async () => {
      const theirs = await newPackage(s.neighbour);
      expectError(await createGeneral({ packageId: theirs.id }), 404, messages.packages.packageNotFound);
    });
  });

  describe('reading requests', () => {
    let reader: TestCustomer;
    const made: Record<string, PhotoRequest> = {};
    let theirs: PhotoRequest;
    let other: TestCustomer;

    beforeAll(async () => {
      reader = await s.t.customer();
      // One request in each state, created oldest first.
      for (const state of ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED', 'PENDING2']) {
        const pkg = await newPackage(reader, { shipper: `Shipper for ${state}` });
        const pr = await requestFor(pkg, reader.headers);
        if (state === 'IN_PROGRESS' || state === 'COMPLETED' || state === 'REJECTED') {
          const res = await staffMove(pr.id, state);
          expect(res.statusCode, res.body).toBe(200);
        }
        if (state === 'CANCELLED') expect((await cancel(pr.id, reader.headers)).statusCode).toBe(200);
        made[state] = pr;
      }
      other = await s.t.customer();
      theirs = await requestFor(await newPackage(other, { shipper: 'Shipper for NEIGHBOUR' }), other.headers);
    });

    const newest = () => ['PENDING2', 'CANCELLED', 'REJECTED', 'COMPLETED', 'IN_PROGRESS', 'PENDING'].map((state) => made[state]?.id);
    const list = async (query: string, headers: Headers = reader.headers) => {
      const res = await get(`/api/user/photo-requests${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PageAnswer;
    };
    const idsOf = (answer: PageAnswer) => answer.data.map((r) => r.id);

    it('lists the customer’s requests newest first under both data and photoRequests, with their count', async () => {
      const body = await list('');
      expect(body).toMatchObject({ success: true, total: 6, page: 1, pageSize: 6 });
      expect(body.photoRequests).toEqual(body.data);
      expect(idsOf(body)).toEqual(newest());
      expect(body.data.map((r) => r.status)).toEqual(['PENDING', 'CANCELLED', 'REJECTED', 'COMPLETED', 'IN_PROGRESS', 'PENDING']);
      expect(idsOf(body)).not.toContain(theirs.id);
    });

    it('answers one page with page and pageSize, with the total, newest first', async () => {
      const first = await list('?page=1&pageSize=4');
      expect(first).toEqual({ success: true, data: expect.any(Array), total: 6, page: 1, pageSize: 4 });
      expect(idsOf(first)).toEqual(newest().slice(0, 4));
      const second = await list('?page=2&pageSize=4');
      expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
      expect(idsOf(second)).toEqual(newest().slice(4));
      expect(await list('?page=3&pageSize=4')).toEqual({ success: true, data: [], total: 6, page: 3, pageSize: 4 });
      // Either parameter alone pages: the first page, of 10 unless asked.
      expect(await list('?page=1')).toMatchObject({ total: 6, page: 1, pageSize: 10 });
      expect(idsOf(await list('?pageSize=2'))).toEqual(newest().slice(0, 2));
    });

    it('pages a status and a search, counting only what matches', async () => {
      const pending = await list('?status=Pending&page=1&pageSize=1');
      expect(pending).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(idsOf(pending)).toEqual([made.PENDING2?.id]);
      expect(idsOf(await list('?status=PENDING&page=2&pageSize=1'))).toEqual([made.PENDING?.id]);
      expect(await list('?status=Pending&page=3&pageSize=1')).toMatchObject({ data: [], total: 2 });
      const searched = await list(`?q=${encodeURIComponent('shipper for')}&page=2&pageSize=4`);
      expect(searched).toMatchObject({ total: 6, page: 2 });
      expect(idsOf(searched)).toEqual(newest().slice(4));
      const both = await list(`?status=In%20Progress&q=${encodeURIComponent('Shipper for IN_')}&page=1&pageSize=10`);
      expect(both).toMatchObject({ total: 1 });
      expect(idsOf(both)).toEqual([made.IN_PROGRESS?.id]);
      expect(await list(`?status=COMPLETED&q=${encodeURIComponent('Shipper for P')}&page=1&pageSize=10`)).toMatchObject({
        data: [],
        total: 0,
      });
    });

    it('never answers another customer’s requests, in a page, a count or a search', async () => {
      const mine = await list('?page=1&pageSize=100');
      expect(idsOf(mine)).not.toContain(theirs.id);
      expect(mine.total).toBe(6);
      expect(await list(`?q=${theirs.shipmentId}&page=1&pageSize=10`)).toMatchObject({ data: [], total: 0 });
      expect(await list(`?q=NEIGHBOUR&page=1&pageSize=10`)).toMatchObject({ data: [], total: 0 });
      const theirList = await list('?page=1&pageSize=10', other.headers);
      expect(theirList).toMatchObject({ total: 1 });
      expect(idsOf(theirList)).toEqual([theirs.id]);
    });

    it('answers 400 with the rule for a page or page size that is not one', async () => {
      const pageRule = 'page must be a whole number from 1 to 1000000';
      for (const page of ['0', '-1', '1.5', 'two', '1000001']) {
        expectError(await get(`/api/user/photo-requests?page=${page}`, reader.headers), 400, pageRule, 'page');
      }
      const sizeRule = 'pageSize must be a whole number from 1 to 100';
      for (const pageSize of ['0', '101', '2.5', 'ten']) {
        expectError(await get(`/api/user/photo-requests?pageSize=${pageSize}`, reader.headers), 400, sizeRule, 'pageSize');
      }
      expectError(await get(`/api/user/photo-requests?status=${'P'.repeat(41)}`, reader.headers), 400, STATUS_MESSAGE, 'status');
    });

    it('filters the list by status and searches it', async () => {
      const pending = (await get('/api/user/photo-requests?status=Pending', reader.headers)).json() as ListAnswer;
      expect(pending.data.map((r) => r.id)).toEqual([made.PENDING2?.id, made.PENDING?.id]);
      const found = (await get('/api/user/photo-requests?q=for%20REJECTED', reader.headers)).json() as ListAnswer;
      expect(found.data.map((r) => r.id)).toEqual([made.REJECTED?.id]);
      expectError(await get('/api/user/photo-requests?status=LOST', reader.headers), 400, STATUS_MESSAGE, 'status');
    });

    it('answers one request by id, and 404 for another customer’s', async () => {
      const res = await get(`/api/user/photo-requests/${made.COMPLETED?.id}`, reader.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, photoRequest: { id: made.COMPLETED?.id, status: 'COMPLETED' } });
      expect(res.json().photoRequest.completedDate).toEqual(expect.any(String));
      expectError(await get(`/api/user/photo-requests/${theirs.id}`, reader.headers), 404, photoRequestMessages.photoRequestNotFound);
      expectError(await get('/api/user/photo-requests/999999', reader.headers), 404, photoRequestMessages.photoRequestNotFound);
    });

    it('answers requests by status, in capitals or title case', async () => {
      for (const [param, state] of [
        ['PENDING', 'PENDING'],
        ['Pending', 'PENDING'],
        ['Completed', 'COMPLETED'],
        ['Cancelled', 'CANCELLED'],
        ['IN_PROGRESS', 'IN_PROGRESS'],
        ['REJECTED', 'REJECTED'],
      ] as const) {
        const res = await get(`/api/user/photo-requests/status/${param}`, reader.headers);
        expect(res.statusCode, param).toBe(200);
        const body = res.json() as ListAnswer;
        expect(body.photoRequests, param).toEqual(body.data);
        expect(body.data.length, param).toBeGreaterThan(0);
        expect(
          body.data.every((r) => r.status === state),
          param,
        ).toBe(true);
      }
      const pending = (await get('/api/user/photo-requests/status/Pending', reader.headers)).json() as ListAnswer;
      expect(pending.data.map((r) => r.id)).toEqual([made.PENDING2?.id, made.PENDING?.id]);
    });

    it('answers 400 for an unknown status', async () => {
      expectError(await get('/api/user/photo-requests/status/DELIVERED', reader.headers), 400, STATUS_MESSAGE, 'status');
    });

    it('answers requests by order reference, only the customer’s own', async () => {
      const orderId = made.REJECTED?.orderId as string;
      const res = await get(`/api/user/photo-requests/order/${orderId}`, reader.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json() as ListAnswer;
      expect(body.data.map((r) => r.id)).toEqual([made.REJECTED?.id]);
      expect(body.photoRequests).toEqual(body.data);
      expect((await get(`/api/user/photo-requests/order/${theirs.orderId}`, reader.headers)).json().data).toEqual([]);
      expect((await get('/api/user/photo-requests/order/PR999999', reader.headers)).json().data).toEqual([]);
    });

    it('counts pending (with in progress), completed, total and every status', async () => {
      const res = await get('/api/user/photo-requests/stats', reader.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          pending: 3,
          completed: 1,
          total: 6,
          byStatus: { PENDING: 2, IN_PROGRESS: 1, COMPLETED: 1, REJECTED: 1, CANCELLED: 1 },
        },
      });
    });

    it('answers zero counts for a customer without requests', async () => {
      const fresh = await s.t.customer();
      expect((await get('/api/user/photo-requests/stats', fresh.headers)).json().data).toEqual({
        pending: 0,
        completed: 0,
        total: 0,
        byStatus: { PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, REJECTED: 0, CANCELLED: 0 },
      });
      expect((await get('/api/user/photo-requests', fresh.headers)).json()).toEqual({
        success: true,
        data: [],
        photoRequests: [],
        total: 0,
        page: 1,
        pageSize: 0,
      });
      expect((await get('/api/user/photo-requests?page=2&pageSize=10', fresh.headers)).json()).toEqual({
        success: true,
        data: [],
        total: 0,
        page: 2,
        pageSize: 10,
      });
    });

    it('answers 403 to staff and 401 without a token on every customer route', async () => {
      for (const url of [
        '/api/user/photo-requests',
        '/api/user/photo-requests/stats',
        '/api/user/photo-requests/status/PENDING',
        `/api/user/photo-requests/order/${made.PENDING?.orderId}`,
        `/api/user/photo-requests/${made.PENDING?.id}`,
        `/api/user/photo-requests/check/${made.PENDING?.packageId}`,
      ]) {
        expectError(await get(url, s.staff), 403, messages.transport.forbidden);
        expectError(await get(url, {}), 401, messages.transport.sessionExpired);
      }
    });
  });

  describe('POST /api/user/photo-requests/{id}/cancel', () => {
    it('cancels a pending request, after which the package can be asked for again', async () => {
      const pkg = await newPackage();
      const pr = await requestFor(pkg);
      const res = await cancel(pr.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: messages.packages.photoRequestCancelled,
        photoRequest: { id: pr.id, status: 'CANCELLED' },
      });
      expect((await check(pkg.id)).json().exists).toBe(false);
      const again = await requestFor(pkg);
      expect(again.status).toBe('PENDING');
      expect((await check(pkg.id)).json().exists).toBe(true);
    });

    it('answers 409 for a request that is no longer pending, and leaves it as it was', async () => {
      for (const state of ['IN_PROGRESS', 'COMPLETED', 'REJECTED']) {
        const pr = await requestFor(await newPackage());
        expect((await staffMove(pr.id, state)).statusCode).toBe(200);
        expectError(await cancel(pr.id), 409, photoRequestMessages.photoRequestNotCancellable);
        expect((await get(`/api/user/photo-requests/${pr.id}`, s.me.headers)).json().photoRequest.status).toBe(state);
      }
      const cancelled = await requestFor(await newPackage());
      expect((await cancel(cancelled.id)).statusCode).toBe(200);
      expectError(await cancel(cancelled.id), 409, photoRequestMessages.photoRequestNotCancellable);
    });

    it("answers 404 for another customer's request and leaves it pending", async () => {
      const theirs = await requestFor(await newPackage(s.neighbour), s.neighbour.headers);
      expectError(await cancel(theirs.id), 404, photoRequestMessages.photoRequestNotFound);
      expect((await get(`/api/user/photo-requests/${theirs.id}`, s.neighbour.headers)).json().photoRequest.status).toBe('PENDING');
    });

    it('answers 403 to staff', async () => {
      const pr = await requestFor(await newPackage());
      expectError(await cancel(pr.id, s.staff), 403, messages.transport.forbidden);
    });
  });
});

import { messages } from '@hopbox/contracts/messages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { PhotoRequest, PhotoRequestStatus, StaffPhotoRequest } from '@hopbox/contracts/photo-requests';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packages, photoRequests } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import { expectError, receivePackage, staffMovePhotoRequest, useTestApp } from '../helper.ts';

describe('warehouse: the photo request queue and its moves', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const admin = (await t.userWithToken('admin')).headers;
    const customer = await t.customer();
    return { staff, admin, customer };
  });

  async function newRequest(body: Record<string, unknown> = {}): Promise<PhotoRequest> {
    const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/photo-requests',
      headers: s.customer.headers,
      payload: { packageId: pkg.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().photoRequest;
  }
  const move = (id: number, payload: Record<string, unknown>, headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'PUT', url: `/api/staff/photo-requests/${id}`, headers, payload });
  /** A move that meets what it needs: a photo before COMPLETED, notes with REJECTED. */
  const close = (id: number, payload: { status: string; notes?: string }) => staffMovePhotoRequest(s.t, s.staff, id, payload);
  const customerView = async (id: number) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/user/photo-requests/${id}`, headers: s.customer.headers })).json()
      .photoRequest as PhotoRequest;
  const queue = (query = '', headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'GET', url: `/api/staff/photo-requests${query}`, headers });

  /** A request brought to `status` through the API. */
  async function requestIn(status: PhotoRequestStatus): Promise<PhotoRequest> {
    const pr = await newRequest();
    if (status === 'PENDING') return pr;
    if (status === 'CANCELLED') {
      const res = await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/${pr.id}/cancel`, headers: s.customer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().photoRequest;
    }
    const res = await close(pr.id, { status });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  describe('PUT /api/staff/photo-requests/{id}', () => {
    const allowed: [PhotoRequestStatus, PhotoRequestStatus][] = [
      ['PENDING', 'IN_PROGRESS'],
      ['PENDING', 'COMPLETED'],
      ['PENDING', 'REJECTED'],
      ['IN_PROGRESS', 'COMPLETED'],
      ['IN_PROGRESS', 'REJECTED'],
    ];
    for (const [from, to] of allowed) {
      it(`moves ${from} to ${to}, and the customer sees it`, async () => {
        const pr = await requestIn(from);
        expect(pr.status).toBe(from);
        const res = await close(pr.id, { status: to });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, data: { id: pr.id, status: to, requestedState: to } });
        const seen = await customerView(pr.id);
        expect(seen.status).toBe(to);
        if (to === 'COMPLETED') expect(Date.parse(seen.completedDate ?? '')).not.toBeNaN();
        else expect(seen.completedDate).toBeNull();
      });
    }

    const refusedFinal: [PhotoRequestStatus, PhotoRequestStatus][] = [
      ['COMPLETED', 'PENDING'],
      ['COMPLETED', 'IN_PROGRESS'],
      ['COMPLETED', 'REJECTED'],
      ['REJECTED', 'PENDING'],
      ['REJECTED', 'IN_PROGRESS'],
      ['REJECTED', 'COMPLETED'],
      ['CANCELLED', 'PENDING'],
      ['CANCELLED', 'IN_PROGRESS'],
      ['CANCELLED', 'COMPLETED'],
    ];
    for (const [from, to] of refusedFinal) {
      it(`refuses ${from} to ${to} with 409: ${from} is final`, async () => {
        const pr = await requestIn(from);
        expectError(await move(pr.id, { status: to }), 409, photoRequestMessages.photoRequestFinal);
        expect((await customerView(pr.id)).status).toBe(from);
      });
    }

    const refusedMoves: [PhotoRequestStatus, PhotoRequestStatus][] = [
      ['IN_PROGRESS', 'PENDING'],
      ['IN_PROGRESS', 'CANCELLED'],
      ['PENDING', 'CANCELLED'],
    ];
    for (const [from, to] of refusedMoves) {
      it(`refuses ${from} to ${to} with 409 naming the move`, async () => {
        const pr = await requestIn(from);
        expectError(await move(pr.id, { status: to }), 409, `A photo request cannot move from ${from} to ${to}`);
        expect((await customerView(pr.id)).status).toBe(from);
      });
    }

    it('stores the staff notes given with a move, and keeps them on a later move without notes', async () => {
      const pr = await newRequest();
      const res = await move(pr.id, { status: 'IN_PROGRESS', notes: '  Photographing at bay 4  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.staffNotes).toBe('Photographing at bay 4');
      expect((await customerView(pr.id)).staffNotes).toBe('Photographing at bay 4');
      const done = await close(pr.id, { status: 'COMPLETED' });
      expect(done.json().data.staffNotes).toBe('Photographing at bay 4');
      const rejected = await newRequest();
      const why = await move(rejected.id, { status: 'REJECTED', notes: 'Package already shipped to the owner' });
      expect(why.json().data).toMatchObject({ status: 'REJECTED', staffNotes: 'Package already shipped to the owner' });
    });

    it('updates the notes alone when the status stays the same', async () => {
      const pr = await requestIn('IN_PROGRESS');
      const res = await move(pr.id, { status: 'IN_PROGRESS', notes: 'Waiting for the light box' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'IN_PROGRESS', staffNotes: 'Waiting for the light box' });
    });

    it('accepts title-case statuses', async () => {
      const pr = await newRequest();
      const res = await close(pr.id, { status: 'Completed' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('COMPLETED');
    });

    it('answers 400 for a missing or unknown status and for notes over 1000 characters', async () => {
      const pr = await newRequest();
      expectError(await move(pr.id, {}), 400, 'Status is required', 'status');
      expectError(
        await move(pr.id, { status: 'DONE' }),
        400,
        'Status must be one of: PENDING, IN_PROGRESS, COMPLETED, REJECTED, CANCELLED',
        'status',
      );
      expectError(
        await move(pr.id, { status: 'IN_PROGRESS', notes: 'n'.repeat(1001) }),
        400,
        'Notes can be at most 1000 characters',
        'notes',
      );
      expect((await customerView(pr.id)).status).toBe('PENDING');
    });

    it('answers 404 for an unknown request', async () => {
      expectError(await move(999999, { status: 'IN_PROGRESS' }), 404, photoRequestMessages.photoRequestNotFound);
    });

    it('lets an admin move a request too', async () => {
      const pr = await newRequest();
      const res = await move(pr.id, { status: 'IN_PROGRESS' }, s.admin);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers 403 to a customer, even the owner, and 401 without a token', async () => {
      const pr = await newRequest();
      expectError(await move(pr.id, { status: 'COMPLETED' }, s.customer.headers), 403, messages.transport.forbidden);
      expectError(await move(pr.id, { status: 'COMPLETED' }, {}), 401, messages.transport.sessionExpired);
      expect((await customerView(pr.id)).status).toBe('PENDING');
    });
  });

  describe('GET /api/staff/photo-requests', () => {
    let urgentOld: PhotoRequest;
    let urgentNew: PhotoRequest;
    let lowOld: PhotoRequest;
    let mediumMid: PhotoRequest;
    let highNew: PhotoRequest;
    let inProgress: PhotoRequest;
    let completed: PhotoRequest;

    const setRequested = (id: number, iso: string) =>
      s.t.db
        .update(photoRequests)
        .set({ requestedDate: new Date(iso) })
        .where(eq(photoRequests.id, id));

    beforeAll(async () => {
      // Every request made before this block is moved out of the way first, so the queue holds just these.
      const open = (await queue('?status=PENDING,IN_PROGRESS&pageSize=100')).json().data as PhotoRequest[];
      for (const r of open) await close(r.id, { status: 'REJECTED' });
      lowOld = await newRequest({ priority: 'LOW' });
      urgentNew = await newRequest({ priority: 'URGENT' });
      mediumMid = await newRequest({ priority: 'MEDIUM' });
      urgentOld = await newRequest({ priority: 'URGENT', requestType: 'DAMAGE_PHOTO' });
      highNew = await newRequest({ priority: 'HIGH' });
      inProgress = await requestIn('IN_PROGRESS');
      completed = await requestIn('COMPLETED');
      await setRequested(lowOld.id, '2025-01-01T00:00:00Z');
      await setRequested(urgentOld.id, '2025-01-02T00:00:00Z');
      await setRequested(mediumMid.id, '2025-01-03T00:00:00Z');
      await setRequested(urgentNew.id, '2025-01-04T00:00:00Z');
      await setRequested(highNew.id, '2025-01-05T00:00:00Z');
      await setRequested(inProgress.id, '2025-01-06T00:00:00Z');
    });

    it('lists the queue most urgent first, then oldest first', async () => {
      const res = await queue('?status=PENDING');
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as PhotoRequest[]).map((r) => r.id);
      expect(ids).toEqual([urgentOld.id, urgentNew.id, highNew.id, mediumMid.id, lowOld.id]);
    });

    it('filters by a comma-separated list of statuses, in any case', async () => {
      const open = (await queue('?status=pending,In_Progress')).json().data as PhotoRequest[];
      expect(open.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        [urgentOld.id, urgentNew.id, highNew.id, mediumMid.id, lowOld.id, inProgress.id].sort((a, b) => a - b),
      );
      expect(open.every((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS')).toBe(true);
      // A status named twice is still that status alone, not the whole open side.
      const pending = (await queue('?status=PENDING,pending')).json().data as PhotoRequest[];
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((r) => r.status === 'PENDING')).toBe(true);
      const done = (await queue('?status=COMPLETED')).json().data as PhotoRequest[];
      expect(done.map((r) => r.id)).toContain(completed.id);
      expect(done.every((r) => r.status === 'COMPLETED')).toBe(true);
    });

    it('lists every status without a filter, with the customer and package beside each', async () => {
      const all = (await queue('?pageSize=100')).json().data as PhotoRequest[];
      const statuses = new Set(all.map((r) => r.status));
      for (const status of ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED'])
        expect(statuses.has(status as PhotoRequestStatus), status).toBe(true);
      expect(all.find((r) => r.id === urgentOld.id)).toMatchObject({
        lockerNumber: s.customer.locker,
        customerName: 'Test user',
        requestType: 'DAMAGE_PHOTO',
        priority: 'URGENT',
      });
    });

    it('lists the open requests first in queue order, then the closed ones newest first', async () => {
      const all = (await queue('?pageSize=100')).json().data as PhotoRequest[];
      const open = all.filter((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS');
      expect(all.slice(0, open.length)).toEqual(open);
      expect(open.map((r) => r.id).slice(0, 2)).toEqual([urgentOld.id, urgentNew.id]);
      const closed = all.slice(open.length).map((r) => r.requestedDate);
      expect(closed.length).toBeGreaterThan(1);
      expect(closed).toEqual([...closed].sort().reverse());
    });

    it("shows each package's shelf in the queue and in a move's answer, never to the customer", async () => {
      await s.t.db.update(packages).set({ location: 'B-02-07' }).where(eq(packages.id, urgentOld.packageId));
      const listed = ((await queue('?status=PENDING')).json().data as StaffPhotoRequest[]).find((r) => r.id === urgentOld.id);
      expect(listed?.location).toBe('B-02-07');
      const moved = await move(urgentOld.id, { status: 'PENDING', notes: 'Shelf checked' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json().data as StaffPhotoRequest).location).toBe('B-02-07');
      expect(await customerView(urgentOld.id)).not.toHaveProperty('location');
      const mine = await s.t.app.inject({ method: 'GET', url: '/api/user/photo-requests', headers: s.customer.headers });
      expect((mine.json().data as PhotoRequest[]).every((r) => !('location' in r))).toBe(true);
    });

    it('answers 400 for an unknown status in the list', async () => {
      expectError(
        await queue('?status=PENDING,LOST'),
        400,
        'Status must be one of: PENDING, IN_PROGRESS, COMPLETED, REJECTED, CANCELLED',
        'status',
      );
    });

    it('answers 403 to a customer and 401 without a token', async () => {
      expectError(await queue('', s.customer.headers), 403, messages.transport.forbidden);
      expectError(await queue('', {}), 401, messages.transport.sessionExpired);
    });
  });
});

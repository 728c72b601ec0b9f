import type { AuditEntry } from '@hopbox/contracts/audit';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import {
  addAddress,
  boxQuote,
  expectError,
  newPhotoRequest,
  PACKED_BOX,
  receiveBody,
  receivePackage,
  sandboxAnswer,
  shipmentBody,
  staffReceiveWithPhotos,
  staffUpdateShipment,
  staffUploadPhotos,
  testImage,
  useTestApp,
} from '../helper.ts';

interface Person {
  id: number;
  name: string;
  email: string;
  headers: Headers;
  locker: string | null;
}

/**
 * Issue 5: "Every staff action is recorded in an audit log (who, what, when, before and after)
 * shown on the package or shipment it touched", read through GET /api/staff/audit/{entityType}/{id}.
 */
describe('audit log of staff actions', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => {
    const mariam = await person('staff', 'Mariam', 'Haddad');
    const yusuf = await person('staff', 'Yusuf', 'Rahman');
    const admin = await person('admin', 'Amal', 'Admin');
    const customer = await person('user', 'Layla', 'Nasser');
    const home = await addAddress(t, customer.headers);
    return { mariam, yusuf, admin, customer, home };
  });

  async function person(role: 'user' | 'staff' | 'admin', firstName: string, lastName: string): Promise<Person> {
    const user = await s.t.createUser(role, { firstName, lastName });
    const session = await s.t.signIn(user.email, user.password);
    return {
      id: user.id,
      name: `${firstName} ${lastName}`,
      email: user.email,
      headers: { authorization: `Bearer ${session.token}` },
      locker: user.lockerNumber,
    };
  }

  const trail = (type: string, id: number, headers: Headers = s.mariam.headers) =>
    s.t.app.inject({ method: 'GET', url: `/api/staff/audit/${type}/${id}`, headers });
  async function entries(type: string, id: number, headers: Headers = s.mariam.headers): Promise<AuditEntry[]> {
    const res = await trail(type, id, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  }
  /** Runs an action and returns the instants just before and after it, to check "when". */
  async function timed(action: () => Promise<void>) {
    const from = Date.now();
    await action();
    return { from: from - 1000, to: Date.now() + 1000 };
  }
  function expectWhen(entry: AuditEntry | undefined, window: { from: number; to: number }) {
    expect(entry?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const at = Date.parse(entry?.createdAt ?? '');
    expect(at).toBeGreaterThanOrEqual(window.from);
    expect(at).toBeLessThanOrEqual(window.to);
  }
  const by = (p: Person) => ({ actor: p.name, actorEmail: p.email });

  describe('packages', () => {
    it('receiving records package.received: who, when, and the package as stored (no "before")', async () => {
      let pkg: Package | undefined;
      const when = await timed(async () => {
        pkg = await receivePackage(s.t, s.mariam.headers, s.customer.locker as string, { shipper: 'Zara Spain', origin: 'Spain' });
      });
      const list = await entries('package', pkg?.id as number);
      expect(list).toHaveLength(1);
      const [entry] = list;
      expect(entry).toMatchObject({ action: 'package.received', ...by(s.mariam), before: null });
      expect(entry?.after).toMatchObject({
        id: pkg?.id,
        hopboxId: pkg?.hopboxId,
        lockerNumber: s.customer.locker,
        shipper: 'Zara Spain',
        origin: 'Spain',
        packageContent: pkg?.packageContent,
        externalTrackingNumber: pkg?.externalTrackingNumber,
        quantity: pkg?.quantity,
        totalPrice: pkg?.totalPrice,
        packageWeight: pkg?.packageWeight,
        receiptPhotos: 0,
      });
      expectWhen(entry, when);
      // Admins read it too.
      expect(await entries('package', pkg?.id as number, s.admin.headers)).toEqual(list);
    });

    it('receiving with photos records how many photos were taken', async () => {
      const res = await staffReceiveWithPhotos(
        s.t,
        s.yusuf.headers,
        [
          { name: 'a.jpg', body: await testImage() },
          { name: 'b.png', body: await testImage('png'), type: 'image/png' },
        ],
        { package: JSON.stringify(receiveBody(s.customer.locker as string)) },
      );
      expect(res.statusCode, res.body).toBe(201);
      const [entry, ...rest] = await entries('package', res.json().data.id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ action: 'package.received', ...by(s.yusuf), before: null, after: { receiptPhotos: 2 } });
    });

    it('a refused receipt (unknown locker) records nothing', async () => {
      const before = (await s.t.db.select().from(auditLog)).length;
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/staff/packages',
        headers: s.mariam.headers,
        payload: receiveBody('HB999999'),
      });
      expectError(res, 404, messages.packages.lockerNotFound);
      expect(await s.t.db.select().from(auditLog)).toHaveLength(before);
    });
  });

  describe('photo requests', () => {
    const move = (staff: Person, id: number, status: string, notes?: string) =>
      s.t.app.inject({
        method: 'PUT',
        url: `/api/staff/photo-requests/${id}`,
        headers: staff.headers,
        payload: notes === undefined ? { status } : { status, notes },
      });
    const newRequest = () => newPhotoRequest(s.t, s.mariam.headers, { headers: s.customer.headers, locker: s.customer.locker as string });

    it('records each move and each upload, in order, with who did it and the status and notes before and after', async () => {
      const pr = await newRequest();
      const windows: { from: number; to: number }[] = [];
      windows.push(await timed(async () => expect((await move(s.yusuf, pr.id, 'IN_PROGRESS', 'Taking it now')).statusCode).toBe(200)));
      windows.push(
        await timed(async () => {
          await staffUploadPhotos(s.t, s.mariam.headers, pr.id, [
            { name: 'front.jpg', body: await testImage('jpeg', { color: '#111111' }) },
            { name: 'back.jpg', body: await testImage('jpeg', { color: '#222222' }) },
          ]);
        }),
      );
      windows.push(await timed(async () => expect((await move(s.yusuf, pr.id, 'COMPLETED', 'Front and back')).statusCode).toBe(200)));

      const list = await entries('photo_request', pr.id);
      expect(list.map((e) => e.action)).toEqual(['photo_request.in_progress', 'photo_request.photos_added', 'photo_request.completed']);
      expect(list[0]).toMatchObject({
        ...by(s.yusuf),
        before: { status: 'PENDING', staffNotes: null },
        after: { status: 'IN_PROGRESS', staffNotes: 'Taking it now' },
      });
      expect(list[1]).toMatchObject({ ...by(s.mariam), before: null, after: { files: ['front.jpg', 'back.jpg'] } });
      expect(list[2]).toMatchObject({
        ...by(s.yusuf),
        before: { status: 'IN_PROGRESS', staffNotes: 'Taking it now' },
        after: { status: 'COMPLETED', staffNotes: 'Front and back' },
      });
      for (const [i, e] of list.entries()) expectWhen(e, windows[i] as { from: number; to: number });
      expect(list.map((e) => e.id)).toEqual([...list.map((e) => e.id)].sort((a, b) => a - b));
    });

    it('records a change of the staff notes without a move', async () => {
      const pr = await newRequest();
      expect((await move(s.yusuf, pr.id, 'IN_PROGRESS')).statusCode).toBe(200);
      const res = await move(s.mariam, pr.id, 'IN_PROGRESS', 'Waiting for the box to be unpacked');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'IN_PROGRESS', staffNotes: 'Waiting for the box to be unpacked' });
      const list = await entries('photo_request', pr.id);
      expect(list).toHaveLength(2);
      expect(list[1]).toMatchObject({
        ...by(s.mariam),
        before: { status: 'IN_PROGRESS', staffNotes: null },
        after: { status: 'IN_PROGRESS', staffNotes: 'Waiting for the box to be unpacked' },
      });
      expect(list[1]?.action).toBe('photo_request.notes_updated');
    });

    it('records a rejection straight from PENDING; a refused move records nothing', async () => {
      const pr = await newRequest();
      expect((await move(s.mariam, pr.id, 'REJECTED', 'Package is sealed')).statusCode).toBe(200);
      // COMPLETED after REJECTED is refused.
      expect((await move(s.mariam, pr.id, 'COMPLETED')).statusCode).toBe(409);
      const list = await entries('photo_request', pr.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        action: 'photo_request.rejected',
        ...by(s.mariam),
        before: { status: 'PENDING', staffNotes: null },
        after: { status: 'REJECTED', staffNotes: 'Package is sealed' },
      });
    });
  });

  describe('shipments', () => {
    let shipmentId: number;
    let pkgs: Package[];
    const update = (staff: Person, body: Record<string, unknown>) => staffUpdateShipment(s.t, staff.headers, shipmentId, body);
    const staffView = async () =>
      (
        (await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.mariam.headers })).json()
          .data as StaffShipment[]
      ).find((s) => s.id === shipmentId) as StaffShipment;

    beforeAll(async () => {
      pkgs = [
        await receivePackage(s.t, s.mariam.headers, s.customer.locker as string),
        await receivePackage(s.t, s.mariam.headers, s.customer.locker as string),
      ];
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/shipments',
        headers: s.customer.headers,
        payload: shipmentBody(pkgs, s.home, { isSinglePackage: false, shipmentStatus: 'Pending' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      shipmentId = res.json().data.id;
    });

    it('records the consolidation status and Ready to Ship (which completes it), each with only the changed fields', async () => {
      const start = await staffView();
      expect(start.readyToShip).toBe(false);
      const w1 = await timed(async () => expect((await update(s.yusuf, { consolidationStatus: 'In Progress' })).statusCode).toBe(200));
      const w2 = await timed(async () => expect((await update(s.mariam, { readyToShip: true, ...PACKED_BOX })).statusCode).toBe(200));
      // The customer's order opens the history; then each staff change.
      const [created, ...list] = await entries('shipment', shipmentId);
      expect(created).toMatchObject({ action: 'shipment.created', actorEmail: s.customer.email });
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ action: 'shipment.updated', ...by(s.yusuf) });
      expect(list[0]?.before).toEqual({ consolidationStatus: start.consolidationStatus });
      expect(list[0]?.after).toEqual({ consolidationStatus: 'In Progress' });
      expect(list[1]).toMatchObject({ action: 'shipment.updated', ...by(s.mariam) });
      const unpacked = { packedWeight: null, packedLength: null, packedBreadth: null, packedHeight: null };
      expect(list[1]?.before).toEqual({ readyToShip: false, consolidationStatus: 'In Progress', ...unpacked });
      expect(list[1]?.after).toEqual({ readyToShip: true, consolidationStatus: 'Completed', ...PACKED_BOX });
      expectWhen(list[0], w1);
      expectWhen(list[1], w2);
    });

    it('records the AWB and each dispatch status of the paid shipment', async () => {
      // The customer pays (not a staff action: no entry).
      const quote = await boxQuote(s.t, s.customer.headers, pkgs[0]?.origin as string, s.home.country, PACKED_BOX);
      const generated = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/consolidation-payment/generate',
        headers: s.customer.headers,
        payload: { shipmentIds: [shipmentId], amount: quote.price.toFixed(2), currency: 'AED' },
      });
      expect(generated.statusCode, generated.body).toBe(200);
      expect((await sandboxAnswer(s.t, generated.json()._links.payment.href, 'pay')).statusCode).toBe(303);
      const check = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/consolidation-payment/check',
        headers: s.customer.headers,
        payload: { orderRef: generated.json().orderRef },
      });
      expect(check.json()).toMatchObject({ captured: 1 });
      expect(await entries('shipment', shipmentId)).toHaveLength(3);
      const paid = await staffView();
      expect(paid.paymentStatus).toBe('Paid');

      expect((await update(s.mariam, { awb: 'AWB-5512-0098' })).statusCode).toBe(200);
      expect((await update(s.yusuf, { shipmentStatus: 'Processed' })).statusCode).toBe(200);
      const processed = await staffView();
      expect((await update(s.mariam, { shipmentStatus: 'Shipped' })).statusCode).toBe(200);
      expect((await update(s.yusuf, { shipmentStatus: 'Delivered' })).statusCode).toBe(200);

      const list = (await entries('shipment', shipmentId)).slice(3);
      expect(list.map((e) => [e.action, e.actor])).toEqual([
        ['shipment.updated', s.mariam.name],
        ['shipment.updated', s.yusuf.name],
        ['shipment.updated', s.mariam.name],
        ['shipment.updated', s.yusuf.name],
      ]);
      expect(list.map((e) => e.actorEmail)).toEqual([s.mariam.email, s.yusuf.email, s.mariam.email, s.yusuf.email]);
      expect(list[0]?.before).toEqual({ awb: null });
      expect(list[0]?.after).toEqual({ awb: 'AWB-5512-0098' });
      // Processed also stamps the processing date.
      expect(list[1]?.before).toEqual({ shipmentStatus: paid.shipmentStatus, processingDate: null });
      expect(list[1]?.after).toEqual({ shipmentStatus: 'Processed', processingDate: processed.processingDate });
      expect(processed.processingDate).not.toBeNull();
      expect(list[2]?.before).toEqual({ shipmentStatus: 'Processed' });
      expect(list[2]?.after).toEqual({ shipmentStatus: 'Shipped' });
      expect(list[3]?.before).toEqual({ shipmentStatus: 'Shipped' });
      expect(list[3]?.after).toEqual({ shipmentStatus: 'Delivered' });
    });

    it('a refused update (409) records nothing', async () => {
      const before = (await entries('shipment', shipmentId)).length;
      const res = await update(s.mariam, { readyToShip: false });
      expect(res.statusCode).toBe(409);
      expect(await entries('shipment', shipmentId)).toHaveLength(before);
    });
  });

  describe('GET /api/staff/audit/{entityType}/{id}', () => {
    it('is refused to a customer (403) and without a session (401)', async () => {
      expectError(await trail('package', 1, s.customer.headers), 403, messages.transport.forbidden);
      expectError(await trail('shipment', 1, s.customer.headers), 403, messages.transport.forbidden);
      expectError(await trail('package', 1, {}), 401, messages.transport.sessionExpired);
    });

    it('answers an empty list for an entity without entries, and 400 for an unknown entity type or a bad id', async () => {
      expect(await entries('package', 999_999)).toEqual([]);
      const badType = await trail('invoice', 1);
      expect(badType.statusCode).toBe(400);
      expect(badType.json()).toMatchObject({ success: false, field: 'entityType' });
      const badId = await trail('package', 0);
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({ success: false, field: 'entityId' });
    });

    it('keeps the entries apart per entity: a package trail holds no photo request or shipment entry', async () => {
      const rows = await s.t.db.select().from(auditLog).where(eq(auditLog.entityType, 'package'));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const list = await entries('package', row.entityId);
        expect(list.every((e) => e.action.startsWith('package.'))).toBe(true);
      }
    });
  });

  describe('hosts', () => {
    it('records who created, changed, deactivated and deleted a host, with the changed fields', async () => {
      const body = { name: 'Hopbox Tokyo', address: '1-2-3 Koto', city: 'Tokyo', country: 'Japan', code: 'JP-TYO' };
      const created = await s.t.app.inject({ method: 'POST', url: '/api/hosts', headers: s.admin.headers, payload: body });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as number;
      await s.t.app.inject({ method: 'PUT', url: `/api/hosts/${id}`, headers: s.admin.headers, payload: { ...body, city: 'Chiba' } });
      await s.t.app.inject({ method: 'POST', url: `/api/hosts/${id}/deactivate`, headers: s.admin.headers });
      await s.t.app.inject({ method: 'DELETE', url: `/api/hosts/${id}`, headers: s.admin.headers });

      const list = await entries('host', id, s.admin.headers);
      expect(list.map((e) => e.action)).toEqual(['host.created', 'host.updated', 'host.deactivated', 'host.deleted']);
      expect(list.every((e) => e.actor === s.admin.name && e.actorEmail === s.admin.email)).toBe(true);
      expect(list[1]?.before).toMatchObject({ city: 'Tokyo' });
      expect(list[1]?.after).toMatchObject({ city: 'Chiba' });
      expect(list[2]?.before).toMatchObject({ active: true });
      expect(list[2]?.after).toMatchObject({ active: false });
      expect(list[3]?.after).toBeNull();
    });
  });
});

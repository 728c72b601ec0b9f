import type { Address } from '@hopbox/contracts/addresses';
import type { AuditEntry } from '@hopbox/contracts/audit';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import {
  addAddress,
  buildTestApp,
  expectError,
  multipartBody,
  newPhotoRequest,
  receiveBody,
  receivePackage,
  sandboxAnswer,
  shipmentBody,
  shippingQuote,
  type TestApp,
  testImage,
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
  let t: TestApp;
  let mariam: Person;
  let yusuf: Person;
  let admin: Person;
  let customer: Person;
  let home: Address;

  async function person(role: 'user' | 'staff' | 'admin', firstName: string, lastName: string): Promise<Person> {
    const user = await t.createUser(role, { firstName, lastName });
    const session = await t.signIn(user.email, user.password);
    return {
      id: user.id,
      name: `${firstName} ${lastName}`,
      email: user.email,
      headers: { authorization: `Bearer ${session.token}` },
      locker: user.lockerNumber,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0' });
    mariam = await person('staff', 'Mariam', 'Haddad');
    yusuf = await person('staff', 'Yusuf', 'Rahman');
    admin = await person('admin', 'Amal', 'Admin');
    customer = await person('user', 'Layla', 'Nasser');
    home = await addAddress(t, customer.headers);
  });
  afterAll(() => t.close());

  const trail = (type: string, id: number, headers: Headers = mariam.headers) =>
    t.app.inject({ method: 'GET', url: `/api/staff/audit/${type}/${id}`, headers });
  async function entries(type: string, id: number, headers: Headers = mariam.headers): Promise<AuditEntry[]> {
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
        pkg = await receivePackage(t, mariam.headers, customer.locker as string, { shipper: 'Zara Spain', origin: 'Spain' });
      });
      const list = await entries('package', pkg?.id as number);
      expect(list).toHaveLength(1);
      const [entry] = list;
      expect(entry).toMatchObject({ action: 'package.received', ...by(mariam), before: null });
      expect(entry?.after).toMatchObject({
        id: pkg?.id,
        hopboxId: pkg?.hopboxId,
        lockerNumber: customer.locker,
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
      expect(await entries('package', pkg?.id as number, admin.headers)).toEqual(list);
    });

    it('receiving with photos records how many photos were taken', async () => {
      const body = await multipartBody(
        [
          { name: 'a.jpg', body: await testImage() },
          { name: 'b.png', body: await testImage('png'), type: 'image/png' },
        ],
        { package: JSON.stringify(receiveBody(customer.locker as string)) },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/packages/with-photos',
        headers: { ...yusuf.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [entry, ...rest] = await entries('package', res.json().data.id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ action: 'package.received', ...by(yusuf), before: null, after: { receiptPhotos: 2 } });
    });

    it('a refused receipt (unknown locker) records nothing', async () => {
      const before = (await t.db.select().from(auditLog)).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/packages',
        headers: mariam.headers,
        payload: receiveBody('HB999999'),
      });
      expectError(res, 404, messages.packages.lockerNotFound);
      expect(await t.db.select().from(auditLog)).toHaveLength(before);
    });
  });

  describe('photo requests', () => {
    const move = (staff: Person, id: number, status: string, notes?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/photo-requests/${id}`,
        headers: staff.headers,
        payload: notes === undefined ? { status } : { status, notes },
      });
    const newRequest = () => newPhotoRequest(t, mariam.headers, { headers: customer.headers, locker: customer.locker as string });

    it('records each move and each upload, in order, with who did it and the status and notes before and after', async () => {
      const pr = await newRequest();
      const windows: { from: number; to: number }[] = [];
      windows.push(await timed(async () => expect((await move(yusuf, pr.id, 'IN_PROGRESS', 'Taking it now')).statusCode).toBe(200)));
      windows.push(
        await timed(async () => {
          const body = await multipartBody([
            { name: 'front.jpg', body: await testImage('jpeg', { color: '#111111' }) },
            { name: 'back.jpg', body: await testImage('jpeg', { color: '#222222' }) },
          ]);
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/staff/photo-requests/${pr.id}/attachments`,
            headers: { ...mariam.headers, ...body.headers },
            payload: body.payload,
          });
          expect(res.statusCode, res.body).toBe(201);
        }),
      );
      windows.push(await timed(async () => expect((await move(yusuf, pr.id, 'COMPLETED', 'Front and back')).statusCode).toBe(200)));

      const list = await entries('photo_request', pr.id);
      expect(list.map((e) => e.action)).toEqual(['photo_request.in_progress', 'photo_request.photos_added', 'photo_request.completed']);
      expect(list[0]).toMatchObject({
        ...by(yusuf),
        before: { status: 'PENDING', staffNotes: null },
        after: { status: 'IN_PROGRESS', staffNotes: 'Taking it now' },
      });
      expect(list[1]).toMatchObject({ ...by(mariam), before: null, after: { files: ['front.jpg', 'back.jpg'] } });
      expect(list[2]).toMatchObject({
        ...by(yusuf),
        before: { status: 'IN_PROGRESS', staffNotes: 'Taking it now' },
        after: { status: 'COMPLETED', staffNotes: 'Front and back' },
      });
      for (const [i, e] of list.entries()) expectWhen(e, windows[i] as { from: number; to: number });
      expect(list.map((e) => e.id)).toEqual([...list.map((e) => e.id)].sort((a, b) => a - b));
    });

    it('records a change of the staff notes without a move', async () => {
      const pr = await newRequest();
      expect((await move(yusuf, pr.id, 'IN_PROGRESS')).statusCode).toBe(200);
      const res = await move(mariam, pr.id, 'IN_PROGRESS', 'Waiting for the box to be unpacked');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'IN_PROGRESS', staffNotes: 'Waiting for the box to be unpacked' });
      const list = await entries('photo_request', pr.id);
      expect(list).toHaveLength(2);
      expect(list[1]).toMatchObject({
        ...by(mariam),
        before: { status: 'IN_PROGRESS', staffNotes: null },
        after: { status: 'IN_PROGRESS', staffNotes: 'Waiting for the box to be unpacked' },
      });
      expect(list[1]?.action).toBe('photo_request.notes_updated');
    });

    it('records a rejection straight from PENDING; a refused move records nothing', async () => {
      const pr = await newRequest();
      expect((await move(mariam, pr.id, 'REJECTED', 'Package is sealed')).statusCode).toBe(200);
      // COMPLETED after REJECTED is refused.
      expect((await move(mariam, pr.id, 'COMPLETED')).statusCode).toBe(409);
      const list = await entries('photo_request', pr.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        action: 'photo_request.rejected',
        ...by(mariam),
        before: { status: 'PENDING', staffNotes: null },
        after: { status: 'REJECTED', staffNotes: 'Package is sealed' },
      });
    });
  });

  describe('shipments', () => {
    let shipmentId: number;
    let pkgs: Package[];
    const update = (staff: Person, body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/staff/shipments/${shipmentId}`, headers: staff.headers, payload: body });
    const staffView = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: mariam.headers })).json()
          .data as StaffShipment[]
      ).find((s) => s.id === shipmentId) as StaffShipment;

    beforeAll(async () => {
      pkgs = [
        await receivePackage(t, mariam.headers, customer.locker as string),
        await receivePackage(t, mariam.headers, customer.locker as string),
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shipments',
        headers: customer.headers,
        payload: shipmentBody(pkgs, home, { isSinglePackage: false, shipmentStatus: 'Pending' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      shipmentId = res.json().data.id;
    });

    it('records Ready to Ship and the consolidation status, each with only the changed field before and after', async () => {
      const start = await staffView();
      expect(start.readyToShip).toBe(false);
      const w1 = await timed(async () => expect((await update(mariam, { readyToShip: true })).statusCode).toBe(200));
      const w2 = await timed(async () => expect((await update(yusuf, { consolidationStatus: 'Completed' })).statusCode).toBe(200));
      const list = await entries('shipment', shipmentId);
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ action: 'shipment.updated', ...by(mariam) });
      expect(list[0]?.before).toEqual({ readyToShip: false });
      expect(list[0]?.after).toEqual({ readyToShip: true });
      expect(list[1]).toMatchObject({ action: 'shipment.updated', ...by(yusuf) });
      expect(list[1]?.before).toEqual({ consolidationStatus: start.consolidationStatus });
      expect(list[1]?.after).toEqual({ consolidationStatus: 'Completed' });
      expectWhen(list[0], w1);
      expectWhen(list[1], w2);
    });

    it('records the AWB and each dispatch status of the paid shipment', async () => {
      // The customer pays (not a staff action: no entry).
      const quote = await shippingQuote(t, customer.headers, pkgs, home.country);
      const generated = await t.app.inject({
        method: 'POST',
        url: '/api/user/consolidation-payment/generate',
        headers: customer.headers,
        payload: { shipmentIds: [shipmentId], amount: quote.price.toFixed(2), currency: 'AED' },
      });
      expect(generated.statusCode, generated.body).toBe(200);
      expect((await sandboxAnswer(t, generated.json()._links.payment.href, 'pay')).statusCode).toBe(303);
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/user/consolidation-payment/check',
        headers: customer.headers,
        payload: { orderRef: generated.json().orderRef },
      });
      expect(check.json()).toMatchObject({ captured: 1 });
      expect(await entries('shipment', shipmentId)).toHaveLength(2);
      const paid = await staffView();
      expect(paid.paymentStatus).toBe('Paid');

      expect((await update(mariam, { awb: 'AWB-5512-0098' })).statusCode).toBe(200);
      expect((await update(yusuf, { shipmentStatus: 'Processed' })).statusCode).toBe(200);
      const processed = await staffView();
      expect((await update(mariam, { shipmentStatus: 'Shipped' })).statusCode).toBe(200);
      expect((await update(yusuf, { shipmentStatus: 'Delivered' })).statusCode).toBe(200);

      const list = (await entries('shipment', shipmentId)).slice(2);
      expect(list.map((e) => [e.action, e.actor])).toEqual([
        ['shipment.updated', mariam.name],
        ['shipment.updated', yusuf.name],
        ['shipment.updated', mariam.name],
        ['shipment.updated', yusuf.name],
      ]);
      expect(list.map((e) => e.actorEmail)).toEqual([mariam.email, yusuf.email, mariam.email, yusuf.email]);
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
      const res = await update(mariam, { readyToShip: false });
      expect(res.statusCode).toBe(409);
      expect(await entries('shipment', shipmentId)).toHaveLength(before);
    });
  });

  describe('GET /api/staff/audit/{entityType}/{id}', () => {
    it('is refused to a customer (403) and without a session (401)', async () => {
      expectError(await trail('package', 1, customer.headers), 403, messages.transport.forbidden);
      expectError(await trail('shipment', 1, customer.headers), 403, messages.transport.forbidden);
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
      const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'package'));
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
      const created = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: admin.headers, payload: body });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as number;
      await t.app.inject({ method: 'PUT', url: `/api/hosts/${id}`, headers: admin.headers, payload: { ...body, city: 'Chiba' } });
      await t.app.inject({ method: 'POST', url: `/api/hosts/${id}/deactivate`, headers: admin.headers });
      await t.app.inject({ method: 'DELETE', url: `/api/hosts/${id}`, headers: admin.headers });

      const list = await entries('host', id, admin.headers);
      expect(list.map((e) => e.action)).toEqual(['host.created', 'host.updated', 'host.deactivated', 'host.deleted']);
      expect(list.every((e) => e.actor === admin.name && e.actorEmail === admin.email)).toBe(true);
      expect(list[1]?.before).toMatchObject({ city: 'Tokyo' });
      expect(list[1]?.after).toMatchObject({ city: 'Chiba' });
      expect(list[2]?.before).toMatchObject({ active: true });
      expect(list[2]?.after).toMatchObject({ active: false });
      expect(list[3]?.after).toBeNull();
    });
  });
});

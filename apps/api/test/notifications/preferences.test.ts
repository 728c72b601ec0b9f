import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema.ts';
import type { TestCustomer } from '../helper.ts';
import {
  addAddress,
  changePassword,
  expectError,
  forgotPassword,
  paySinglePackage,
  receivePackage,
  requestPhotos,
  staffReceiveWithPhotos,
  staffUpdatePhotoRequest,
  staffUploadPhoto,
  testImage,
  useTestApp,
} from '../helper.ts';
import { readMail } from './mime.ts';

const ALL_ON = { packageReceived: true, photosReady: true, shipmentShipped: true, shipmentDelivered: true, storageEnding: true };
const ALL_OFF = { packageReceived: false, photosReady: false, shipmentShipped: false, shipmentDelivered: false, storageEnding: false };

/**
 * Issue 5: "Customers can switch each kind of notification off on their Profile page (password and
 * payment mails always go)", through GET/PUT /api/user/profile/notifications.
 */
describe('notifications: the customer’s switches', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
  }));

  const getPrefs = (c: TestCustomer) => s.t.app.inject({ method: 'GET', url: '/api/user/profile/notifications', headers: c.headers });
  const putPrefs = (c: TestCustomer, payload: unknown) =>
    s.t.app.inject({ method: 'PUT', url: '/api/user/profile/notifications', headers: c.headers, payload: payload as object });
  async function drain() {
    const until = Date.now() + 5000;
    for (;;) {
      await s.t.app.deps.mailWorker.runOnce();
      const open = await s.t.db
        .select()
        .from(outboxMessages)
        .where(inArray(outboxMessages.status, ['QUEUED', 'SENDING']));
      if (open.length === 0) return;
      if (Date.now() > until) throw new Error('mail still queued');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  /** The kinds of mail queued for the customer, oldest first, once delivered. */
  async function kindsFor(c: TestCustomer) {
    await drain();
    const rows = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, c.id)).orderBy(outboxMessages.id);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    return rows.map((r) => r.kind);
  }
  const subjects = (c: TestCustomer) => s.t.mailsTo(c.email).map((m) => readMail(m).subject);

  describe('GET and PUT /api/user/profile/notifications', () => {
    it('answers every switch on for a new customer', async () => {
      const c = await s.t.customer();
      const res = await getPrefs(c);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: ALL_ON });
    });

    it('stores the switches, answers them, and keeps them across sessions', async () => {
      const c = await s.t.customer();
      const res = await putPrefs(c, {
        packageReceived: false,
        photosReady: true,
        shipmentShipped: false,
        shipmentDelivered: true,
        storageEnding: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { packageReceived: false, photosReady: true, shipmentShipped: false, shipmentDelivered: true, storageEnding: false },
      });
      expect((await getPrefs(c)).json().data).toEqual({
        packageReceived: false,
        photosReady: true,
        shipmentShipped: false,
        shipmentDelivered: true,
        storageEnding: false,
      });
      const again = await s.t.signIn(c.email, c.password);
      const fresh = await s.t.app.inject({
        method: 'GET',
        url: '/api/user/profile/notifications',
        headers: { authorization: `Bearer ${again.token}` },
      });
      expect(fresh.json().data).toEqual({
        packageReceived: false,
        photosReady: true,
        shipmentShipped: false,
        shipmentDelivered: true,
        storageEnding: false,
      });
      // Switched back on.
      expect((await putPrefs(c, ALL_ON)).json().data).toEqual(ALL_ON);
      expect((await getPrefs(c)).json().data).toEqual(ALL_ON);
    });

    it('only touches the signed-in customer’s switches', async () => {
      const [a, b] = [await s.t.customer(), await s.t.customer()];
      expect((await putPrefs(a, ALL_OFF)).statusCode).toBe(200);
      expect((await getPrefs(b)).json().data).toEqual(ALL_ON);
    });

    it.each([
      ['a string for a switch', { ...ALL_ON, packageReceived: 'no' }, 'packageReceived'],
      ['a number for a switch', { ...ALL_ON, shipmentShipped: 0 }, 'shipmentShipped'],
      ['a missing switch', { packageReceived: true, shipmentShipped: true, shipmentDelivered: true, storageEnding: true }, 'photosReady'],
      ['a null switch', { ...ALL_ON, photosReady: null }, 'photosReady'],
    ])('answers 400 naming the field for %s, and changes nothing', async (_label, body, field) => {
      const c = await s.t.customer();
      expect((await putPrefs(c, ALL_OFF)).statusCode).toBe(200);
      const res = await putPrefs(c, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Bad Request', field });
      expect(typeof res.json().message).toBe('string');
      expect((await getPrefs(c)).json().data).toEqual(ALL_OFF);
    });

    it('answers 400 to a body that is not an object or not JSON', async () => {
      const c = await s.t.customer();
      for (const payload of ['[true,false,true]', '"yes"', 'null']) {
        const res = await s.t.app.inject({
          method: 'PUT',
          url: '/api/user/profile/notifications',
          headers: { ...c.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: 'Bad Request' });
      }
      const broken = await s.t.app.inject({
        method: 'PUT',
        url: '/api/user/profile/notifications',
        headers: { ...c.headers, 'content-type': 'application/json' },
        payload: '{"packageReceived": fal',
      });
      expectError(broken, 400, 'The request body is not valid JSON');
      expect((await getPrefs(c)).json().data).toEqual(ALL_ON);
    });

    it('needs a session (401)', async () => {
      expectError(await s.t.app.inject({ method: 'GET', url: '/api/user/profile/notifications' }), 401, messages.transport.sessionExpired);
      expectError(
        await s.t.app.inject({ method: 'PUT', url: '/api/user/profile/notifications', payload: ALL_OFF }),
        401,
        messages.transport.sessionExpired,
      );
    });
  });

  describe('what the switches hold back', () => {
    it('packageReceived off: receiving a package queues no mail for that customer, and still mails the others', async () => {
      const [quiet, other] = [await s.t.customer(), await s.t.customer()];
      expect((await putPrefs(quiet, { ...ALL_ON, packageReceived: false })).statusCode).toBe(200);
      const pkg = await receivePackage(s.t, s.staff, quiet.locker);
      await receivePackage(s.t, s.staff, other.locker);
      expect(await kindsFor(quiet)).toEqual([]);
      expect(s.t.mailsTo(quiet.email)).toEqual([]);
      expect(await kindsFor(other)).toEqual(['packageReceived']);
      // The package itself is there.
      const list = await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: quiet.headers });
      expect((list.json().data as { id: number }[]).map((p) => p.id)).toEqual([pkg.id]);
      // Also with a receipt photo.
      const withPhoto = await staffReceiveWithPhotos(s.t, s.staff, [{ name: 'p.jpg', body: await testImage() }], {
        package: JSON.stringify({
          lockerNumber: quiet.locker,
          shipper: 'Amazon US',
          packageContent: 'Books',
          origin: 'United States of America',
          externalTrackingNumber: 'TRK-QUIET-1',
          shipmentStatus: 'Not damaged',
          location: 'A-01-01',
          quantity: 1,
          unitPrice: 10,
          totalPrice: 10,
          currency: 'USD',
          packageWeight: 1,
          unitWeight: 1,
          packageLength: 10,
          packageBreadth: 10,
          packageHeight: 10,
        }),
      });
      expect(withPhoto.statusCode, withPhoto.body).toBe(201);
      expect(await kindsFor(quiet)).toEqual([]);
    });

    describe('everything off', () => {
      let c: TestCustomer;
      let home: Address;

      beforeAll(async () => {
        c = await s.t.customer();
        home = await addAddress(s.t, c.headers);
        expect((await putPrefs(c, ALL_OFF)).statusCode).toBe(200);
      });

      it('photos ready and shipment shipped are held back; the payment receipt still goes', async () => {
        const pkg = await receivePackage(s.t, s.staff, c.locker);
        const other = await receivePackage(s.t, s.staff, c.locker);
        // Photos ready: switched off.
        const request = await requestPhotos(s.t, c.headers, other.id);
        await staffUploadPhoto(s.t, s.staff, request.id);
        const done = await staffUpdatePhotoRequest(s.t, s.staff, request.id, { status: 'COMPLETED' });
        expect(done.statusCode, done.body).toBe(200);
        expect(await kindsFor(c)).toEqual([]);

        // Payment: always sent.
        const payment = await paySinglePackage(s.t, c.headers, pkg, home);
        expect(await kindsFor(c)).toEqual(['shipmentPaid']);
        expect(subjects(c)).toEqual([`Payment received: ${payment.amount.toFixed(2)} ${payment.currency}`]);

        // Shipped: switched off.
        const sent = (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: c.headers })).json()
          .data as SentShipment[];
        const shipment = sent.find((row) => row.shipmentId === payment.shipmentId) as SentShipment;
        const shipped = await s.t.app.inject({
          method: 'PUT',
          url: `/api/staff/shipments/${shipment.id}`,
          headers: s.staff,
          payload: { awb: 'AWB-QUIET-1', shipmentStatus: 'Shipped' },
        });
        expect(shipped.statusCode, shipped.body).toBe(200);
        expect(await kindsFor(c)).toEqual(['shipmentPaid']);
      });

      it('the password-changed and password-reset mails still go', async () => {
        await changePassword(s.t, c, 'changed-secret-9');
        await forgotPassword(s.t, c.email);
        expect(await kindsFor(c)).toEqual(['shipmentPaid', 'passwordChanged', 'passwordReset']);
        expect(subjects(c)).toEqual(expect.arrayContaining(['Your Hopbox password was changed', 'Reset your Hopbox password']));
        expect(subjects(c)).toHaveLength(3);
        // The switches are as the customer left them.
        expect((await getPrefs(c)).json().data).toEqual(ALL_OFF);
      });
    });
  });
});

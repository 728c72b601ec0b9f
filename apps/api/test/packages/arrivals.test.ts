import {
  arrivalsMessages,
  CLAIM_RATE_LIMIT,
  PRE_ALERT_OPEN_MAX,
  type PreAlert,
  type PublicUnidentified,
  type StaffUnidentified,
  UNIDENTIFIED_DEFAULTS,
} from '@hopbox/contracts/arrivals';
import type { Declaration } from '@hopbox/contracts/declarations';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, packages, preAlerts } from '../../src/db/schema.ts';
import { fulfilPreAlert } from '../../src/modules/packages/arrivals-repository.ts';
import { expectError, type Headers, multipartBody, receiveBody, testImage, type UploadFile, useTestApp } from '../helper.ts';

let serial = 0;
/** A tracking number no other test uses. */
const tracking = (prefix = '1Z') => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial++).toString().padStart(3, '0')}`;

describe('arrivals: pre-alerts, receiving by tracking number, unidentified parcels', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const other = await t.customer();
    return { staff, customer, other };
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const announce = (headers: Headers, payload: Record<string, unknown>) => inject('POST', '/api/user/pre-alerts', headers, payload);
  async function announced(headers: Headers, overrides: Record<string, unknown> = {}) {
    const res = await announce(headers, { trackingNumber: tracking(), retailer: 'Amazon US', content: 'Desk lamp', ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as PreAlert;
  }
  const receive = (body: Record<string, unknown>) => inject('POST', '/api/staff/packages', s.staff, body);
  const preAlertsOf = async (headers: Headers) => (await inject('GET', '/api/user/pre-alerts', headers)).json().data as PreAlert[];
  async function receivedUnidentified(overrides: Record<string, unknown> = {}) {
    const res = await receive(receiveBody('', { shipper: 'Nike Store', ...overrides }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.receipt.receivedAs).toBe('UNIDENTIFIED');
    return res.json().data as Package;
  }

  describe('pre-alerts', () => {
    it('answers 201 with the pre-alert EXPECTED, and lists the customer’s own newest first', async () => {
      const first = await announced(s.customer.headers, { content: 'Headphones' });
      const res = await announce(s.customer.headers, {
        trackingNumber: ' 1z 999-aa1 0123 ',
        retailer: 'Best Buy',
        content: 'Camera',
        declaredValue: '249.99',
        currency: 'usd',
        expectedDate: '2026-12-01',
        notes: 'Gift',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        data: {
          trackingNumber: '1z 999-aa1 0123',
          retailer: 'Best Buy',
          content: 'Camera',
          declaredValue: 249.99,
          currency: 'USD',
          expectedDate: '2026-12-01',
          status: 'EXPECTED',
          packageId: null,
        },
      });
      const list = await preAlertsOf(s.customer.headers);
      expect(list.map((p) => p.id).slice(0, 2)).toEqual([res.json().data.id, first.id]);
      expect(await preAlertsOf(s.other.headers)).not.toContainEqual(expect.objectContaining({ id: first.id }));
    });

    it.each([
      ['no tracking number', { trackingNumber: '' }, 'trackingNumber', 'Tracking number is required'],
      ['a tracking number of 3 characters', { trackingNumber: '1 2-3' }, 'trackingNumber', arrivalsMessages.trackingTooShort],
      ['no retailer', { retailer: ' ' }, 'retailer', 'Retailer is required'],
      ['no content', { content: undefined }, 'content', 'Content is required'],
      ['a negative value', { declaredValue: -5 }, 'declaredValue', 'Declared value cannot be negative'],
      ['a bad currency', { currency: 'DOLLARS' }, 'currency', 'Currency must be a 3-letter code'],
      ['a date that is not one', { expectedDate: 'soon' }, 'expectedDate', 'Expected date must be a date (YYYY-MM-DD)'],
    ])('refuses %s with 400 and stores nothing', async (_, overrides, field, message) => {
      const before = (await preAlertsOf(s.customer.headers)).length;
      const res = await announce(s.customer.headers, { trackingNumber: tracking(), retailer: 'Zara', content: 'Coat', ...overrides });
      expectError(res, 400, message, field);
      expect(await preAlertsOf(s.customer.headers)).toHaveLength(before);
    });

    it('compares tracking numbers without spaces, dashes or case: the same number twice is a 409, another customer may announce it', async () => {
      const number = tracking();
      await announced(s.customer.headers, { trackingNumber: number });
      const again = await announce(s.customer.headers, {
        trackingNumber: ` ${number.toLowerCase().replace(/(.{3})/, '$1-')} `,
        retailer: 'Zara',
        content: 'Coat',
      });
      expectError(again, 409, arrivalsMessages.duplicateTracking, 'trackingNumber');
      expect(again.json().code).toBe('DUPLICATE_PRE_ALERT');
      await announced(s.other.headers, { trackingNumber: number });
    });

    it('removes one still expected; another customer’s id answers 404; a received one cannot be removed', async () => {
      const mine = await announced(s.customer.headers);
      expectError(await inject('DELETE', `/api/user/pre-alerts/${mine.id}`, s.other.headers), 404, arrivalsMessages.preAlertNotFound);
      const res = await inject('DELETE', `/api/user/pre-alerts/${mine.id}`, s.customer.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect((await preAlertsOf(s.customer.headers)).map((p) => p.id)).not.toContain(mine.id);

      const arrived = await announced(s.customer.headers);
      expect((await receive(receiveBody('', { externalTrackingNumber: arrived.trackingNumber }))).statusCode).toBe(201);
      expectError(await inject('DELETE', `/api/user/pre-alerts/${arrived.id}`, s.customer.headers), 409, arrivalsMessages.preAlertArrived);
    });
  });

  it(`keeps at most ${PRE_ALERT_OPEN_MAX} parcels expected at once, counted one request after another; a received one frees its place`, async () => {
    const shopper = await s.t.customer();
    await s.t.db.insert(preAlerts).values(
      Array.from({ length: PRE_ALERT_OPEN_MAX - 1 }, () => {
        const number = tracking('CAP');
        return { userId: shopper.id, trackingNumber: number, trackingKey: number, retailer: 'Temu', content: 'Socks', currency: 'USD' };
      }),
    );
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => announce(shopper.headers, { trackingNumber: tracking(), retailer: 'Shein', content: 'Dress' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    const refused = racing.find((r) => r.statusCode === 409);
    if (!refused) throw new Error('seven of the eight are refused');
    expectError(refused, 409, arrivalsMessages.tooManyOpen);
    expect(refused.json().code).toBe('PRE_ALERT_LIMIT');

    const [arrived] = (await preAlertsOf(shopper.headers)).filter((p) => p.retailer === 'Shein');
    if (!arrived) throw new Error('the accepted pre-alert is listed');
    expect((await receive(receiveBody('', { externalTrackingNumber: arrived.trackingNumber }))).statusCode).toBe(201);
    await announced(shopper.headers);
  });

  describe("a pre-alert's invoice", () => {
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    async function attach(id: number, files: UploadFile[], headers: Headers = s.customer.headers) {
      const form = await multipartBody(files);
      return s.t.app.inject({
        method: 'POST',
        url: `/api/user/pre-alerts/${id}/invoice`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    }

    it('takes one PDF or image for customs: the customer and staff read it, another customer gets 404, the dock sees it with the match', async () => {
      const alert = await announced(s.customer.headers);
      expect(alert.invoice).toBeNull();
      const res = await attach(alert.id, [{ name: 'invoice.pdf', body: PDF, type: 'application/pdf' }]);
      expect(res.statusCode, res.body).toBe(200);
      const invoice = res.json().data.invoice;
      expect(invoice).toEqual({
        fileName: 'invoice.pdf',
        mimeType: 'application/pdf',
        fileSize: PDF.length,
        url: `/api/user/pre-alerts/${alert.id}/invoice`,
      });

      const mine = await inject('GET', invoice.url, s.customer.headers);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(mine.rawPayload.equals(PDF)).toBe(true);
      expectError(await inject('GET', invoice.url, s.other.headers), 404, arrivalsMessages.invoiceNotFound);
      expectError(
        await attach(alert.id, [{ name: 'x.pdf', body: PDF, type: 'application/pdf' }], s.other.headers),
        404,
        arrivalsMessages.preAlertNotFound,
      );

      const match = (await inject('GET', `/api/staff/pre-alerts/match?trackingNumber=${alert.trackingNumber}`, s.staff)).json().data;
      expect(match.preAlert.invoiceUrl).toBe(`/api/staff/pre-alerts/${alert.id}/invoice`);
      const staffRead = await inject('GET', match.preAlert.invoiceUrl, s.staff);
      expect(staffRead.statusCode).toBe(200);
      expect(staffRead.rawPayload.equals(PDF)).toBe(true);

      // A photo of the invoice replaces the PDF.
      const photo = await testImage('png', { color: '#ffffff' });
      const replaced = await attach(alert.id, [{ name: 'receipt.png', body: photo, type: 'image/png' }]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data.invoice).toMatchObject({ fileName: 'receipt.png', mimeType: 'image/png' });
      expect((await inject('GET', invoice.url, s.customer.headers)).rawPayload.equals(photo)).toBe(true);
    });

    it('refuses a file that is neither a PDF nor an image, and more than one file, keeping what was there', async () => {
      const alert = await announced(s.customer.headers);
      const text = await attach(alert.id, [{ name: 'invoice.txt', body: Buffer.from('not an invoice'), type: 'text/plain' }]);
      expectError(text, 415, arrivalsMessages.notAnInvoice, 'files');
      const two = await attach(alert.id, [
        { name: 'a.pdf', body: PDF, type: 'application/pdf' },
        { name: 'b.pdf', body: PDF, type: 'application/pdf' },
      ]);
      expectError(two, 400, arrivalsMessages.oneInvoice, 'files');
      expect((await preAlertsOf(s.customer.headers)).find((p) => p.id === alert.id)?.invoice).toBeNull();
    });
  });

  describe('receiving against pre-alerts', () => {
    it('shows the match on a scan, then receives by tracking number alone into the announcing customer’s locker, declared from the pre-alert', async () => {
      const alert = await announced(s.customer.headers, { content: 'Wireless headphones', declaredValue: 89.5, currency: 'EUR' });
      const scanned = alert.trackingNumber.toLowerCase();
      const match = await inject('GET', `/api/staff/pre-alerts/match?trackingNumber=${encodeURIComponent(scanned)}`, s.staff);
      expect(match.statusCode, match.body).toBe(200);
      expect(match.json().data).toEqual({
        matches: 1,
        preAlert: {
          id: alert.id,
          customerName: `${s.customer.firstName} ${s.customer.lastName}`,
          lockerNumber: s.customer.locker,
          retailer: 'Amazon US',
          content: 'Wireless headphones',
          declaredValue: 89.5,
          currency: 'EUR',
          expectedDate: null,
          invoiceUrl: null,
        },
      });
      // The customer cannot ask who announced what.
      expect((await inject('GET', `/api/staff/pre-alerts/match?trackingNumber=${scanned}`, s.customer.headers)).statusCode).toBe(403);

      const mailsBefore = s.t.mailsTo(s.customer.email).length;
      const res = await receive(
        receiveBody('', { externalTrackingNumber: scanned, packageContent: 'Box', quantity: 2, unitPrice: 0, totalPrice: 0 }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const pkg = res.json().data as Package & { receipt: unknown };
      expect(pkg).toMatchObject({
        lockerNumber: s.customer.locker,
        totalPrice: 89.5,
        unitPrice: 44.75,
        currency: 'EUR',
        declarationComplete: true,
      });
      expect(pkg.receipt).toEqual({ receivedAs: 'PRE_ALERT', preAlertId: alert.id, mismatch: null });

      const declaration = (await inject('GET', `/api/user/received-packages/${pkg.id}/declaration`, s.customer.headers)).json()
        .data as Declaration;
      expect(declaration.items).toEqual([
        expect.objectContaining({ description: 'Wireless headphones', quantity: 2, unitValue: 44.75, currency: 'EUR' }),
      ]);
      expect(declaration.complete).toBe(true);

      const [after] = (await preAlertsOf(s.customer.headers)).filter((p) => p.id === alert.id);
      expect(after).toMatchObject({ status: 'RECEIVED', packageId: pkg.id, hopboxId: pkg.hopboxId });
      await expect.poll(() => s.t.mailsTo(s.customer.email).length, { timeout: 5000 }).toBeGreaterThan(mailsBefore);
      // A fulfilled pre-alert is fulfilled once: its one move does not happen again.
      expect(await fulfilPreAlert(s.t.db, alert.id, pkg.id)).toBe(false);
    });

    it('with a locker number given too, the locker wins and the answer names the customer who announced it', async () => {
      const alert = await announced(s.other.headers);
      const res = await receive(receiveBody(s.customer.locker, { externalTrackingNumber: alert.trackingNumber }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        lockerNumber: s.customer.locker,
        receipt: {
          receivedAs: 'LOCKER',
          preAlertId: null,
          mismatch: { customerName: `${s.other.firstName} ${s.other.lastName}`, lockerNumber: s.other.locker },
        },
      });
      expect((await preAlertsOf(s.other.headers)).find((p) => p.id === alert.id)?.status).toBe('EXPECTED');
    });

    it('a tracking number two customers announced matches nobody: the parcel waits unidentified', async () => {
      const number = tracking();
      await announced(s.customer.headers, { trackingNumber: number });
      await announced(s.other.headers, { trackingNumber: number });
      const match = (await inject('GET', `/api/staff/pre-alerts/match?trackingNumber=${number}`, s.staff)).json().data;
      expect(match).toEqual({ matches: 2, preAlert: null });
      await receivedUnidentified({ externalTrackingNumber: number });
    });
  });

  describe('unidentified parcels', () => {
    it('are received with no owner and no mail, queued oldest first for staff with days waiting, fee and disposal date', async () => {
      const older = await receivedUnidentified({ receivedDate: new Date(Date.now() - 3 * 86_400_000).toISOString() });
      const newer = await receivedUnidentified();
      const [row] = await s.t.db.select().from(packages).where(eq(packages.id, older.id));
      expect(row).toMatchObject({ userId: null, lockerNumber: null });
      // A mail is queued in the same transaction as the package: none names either parcel (mails of earlier tests may still be going out).
      const queued = await s.t.db.select({ text: outboxMessages.textBody }).from(outboxMessages);
      expect(queued.filter((m) => m.text.includes(older.hopboxId) || m.text.includes(newer.hopboxId))).toEqual([]);

      const res = await inject('GET', '/api/staff/unidentified-packages?pageSize=100', s.staff);
      expect(res.statusCode, res.body).toBe(200);
      const queue = res.json().data as StaffUnidentified[];
      const ids = queue.map((p) => p.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
      expect(queue.find((p) => p.id === older.id)).toMatchObject({
        hopboxId: older.hopboxId,
        externalTrackingNumber: older.externalTrackingNumber,
        daysWaiting: 3,
        handlingFee: UNIDENTIFIED_DEFAULTS.handlingFee,
        currency: 'AED',
      });
      const item = queue.find((p) => p.id === older.id) as StaffUnidentified;
      expect(Date.parse(item.disposalDate) - Date.parse(item.receivedDate)).toBe(UNIDENTIFIED_DEFAULTS.holdDays * 86_400_000);
      expect((await inject('GET', '/api/staff/unidentified-packages', s.customer.headers)).statusCode).toBe(403);
      // The lockers' Packages list is of customers' packages: the queue is where these are found.
      const lockers = (await inject('GET', `/api/staff/packages?q=${older.hopboxId}`, s.staff)).json();
      expect(lockers).toMatchObject({ data: [], total: 0 });
    });

    it('customers see only the date, shipper, origin and last 4 of the tracking number, and never in their locker', async () => {
      const parcel = await receivedUnidentified({ externalTrackingNumber: '1Z 999 AA1 0123 4567', packageContent: 'Secret watch' });
      const res = await inject('GET', '/api/user/unidentified-packages?pageSize=100', s.customer.headers);
      expect(res.statusCode, res.body).toBe(200);
      const seen = (res.json().data as PublicUnidentified[]).find((p) => p.id === parcel.id);
      expect(seen).toEqual({
        id: parcel.id,
        receivedDate: parcel.receivedDate,
        shipper: 'Nike Store',
        origin: parcel.origin,
        trackingLast4: '4567',
        handlingFee: UNIDENTIFIED_DEFAULTS.handlingFee,
        currency: 'AED',
        disposalDate: expect.any(String),
      });
      expect(res.body).not.toContain('Secret watch');
      expect(res.body).not.toContain('AA1');
      const locker = (await inject('GET', '/api/user/received-packages', s.customer.headers)).json().data as Package[];
      expect(locker.map((p) => p.id)).not.toContain(parcel.id);
      expect((await inject('GET', `/api/user/received-packages/${parcel.id}`, s.customer.headers)).statusCode).toBe(404);
    });

    it('a wrong claim changes nothing; the right one moves it into the claimant’s locker with its handling fee, audited and mailed', async () => {
      const number = tracking('TBA');
      const parcel = await receivedUnidentified({ externalTrackingNumber: number });
      const claim = (trackingNumber: string, headers = s.customer.headers) =>
        inject('POST', `/api/user/unidentified-packages/${parcel.id}/claim`, headers, { trackingNumber });

      const wrong = await claim(`${number.slice(0, -1)}X`);
      expectError(wrong, 400, arrivalsMessages.trackingMismatch, 'trackingNumber');
      expect(wrong.json().code).toBe('TRACKING_MISMATCH');
      const [still] = await s.t.db.select().from(packages).where(eq(packages.id, parcel.id));
      expect(still).toMatchObject({ userId: null, handlingFee: null });

      const mailsBefore = s.t.mailsTo(s.customer.email).length;
      const right = await claim(` ${number.toLowerCase()} `);
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json().data).toMatchObject({ id: parcel.id, lockerNumber: s.customer.locker, hopboxId: parcel.hopboxId });
      const [moved] = await s.t.db.select().from(packages).where(eq(packages.id, parcel.id));
      expect(moved).toMatchObject({ userId: s.customer.id, lockerNumber: s.customer.locker, handlingFee: '25.00' });
      const audit = await s.t.db.select().from(auditLog).where(eq(auditLog.entityId, parcel.id));
      expect(audit.map((a) => a.action)).toContain('package.claimed');
      await expect.poll(() => s.t.mailsTo(s.customer.email).length, { timeout: 5000 }).toBeGreaterThan(mailsBefore);

      // Claimed, it is nobody's to claim again.
      expectError(await claim(number, s.other.headers), 404, arrivalsMessages.unidentifiedNotFound);
      const list = (await inject('GET', '/api/user/unidentified-packages?pageSize=100', s.other.headers)).json()
        .data as PublicUnidentified[];
      expect(list.map((p) => p.id)).not.toContain(parcel.id);
    });

    it('a parcel without a tracking number cannot be claimed, only assigned', async () => {
      const parcel = await receivedUnidentified({ externalTrackingNumber: null });
      const res = await inject('POST', `/api/user/unidentified-packages/${parcel.id}/claim`, s.other.headers, { trackingNumber: 'NONE' });
      expectError(res, 400, arrivalsMessages.trackingMismatch, 'trackingNumber');
    });

    it(`limits claims to ${CLAIM_RATE_LIMIT.limit} an hour per customer, right or wrong`, async () => {
      const guesser = await s.t.customer();
      const parcel = await receivedUnidentified({ externalTrackingNumber: tracking() });
      const guess = (n: number) =>
        inject('POST', `/api/user/unidentified-packages/${parcel.id}/claim`, guesser.headers, { trackingNumber: `GUESS${n}` });
      for (let n = 0; n < CLAIM_RATE_LIMIT.limit; n++) expect((await guess(n)).statusCode).toBe(400);
      const refused = await guess(99);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await s.t.db.select().from(packages).where(eq(packages.id, parcel.id)))[0]?.userId).toBeNull();
    });

    it('staff assign one to a locker: audited, mailed, the customer’s pre-alert of it fulfilled; unknown lockers and parcels answer 404', async () => {
      const number = tracking();
      const parcel = await receivedUnidentified({ externalTrackingNumber: number });
      const alert = await announced(s.other.headers, { trackingNumber: number });
      const assign = (id: number, lockerNumber: string, headers: Headers = s.staff) =>
        inject('POST', `/api/staff/unidentified-packages/${id}/assign`, headers, { lockerNumber });

      expect((await assign(parcel.id, s.other.locker, s.customer.headers)).statusCode).toBe(403);
      expectError(await assign(parcel.id, 'HB000000'), 404, 'No customer has this locker number');
      const res = await assign(parcel.id, s.other.locker.toLowerCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: parcel.id, lockerNumber: s.other.locker });
      expect((await preAlertsOf(s.other.headers)).find((p) => p.id === alert.id)).toMatchObject({
        status: 'RECEIVED',
        packageId: parcel.id,
      });
      const audit = await s.t.db.select().from(auditLog).where(eq(auditLog.entityId, parcel.id));
      expect(audit.map((a) => a.action)).toContain('package.assigned');
      expectError(await assign(parcel.id, s.customer.locker), 404, arrivalsMessages.unidentifiedNotFound);
      const [row] = await s.t.db.select().from(preAlerts).where(eq(preAlerts.id, alert.id));
      expect(row?.packageId).toBe(parcel.id);
    });
  });
});

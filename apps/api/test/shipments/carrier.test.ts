import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import type { AirwayBill, SentShipment, ShipmentTracking, StaffShipment } from '@hopbox/contracts/shipments';
import { SANDBOX_JOURNEY } from '@hopbox/contracts/tracking';
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shipmentEvents, shipments } from '../../src/db/schema.ts';
import { pollTracking } from '../../src/modules/shipments/carrier-service.ts';
import { C3X_FAKE_ACCOUNT, type C3xFake, c3xCarrierEnv, startC3xFake } from '../carriers/c3x-fake.ts';
import {
  addAddress,
  buildTestApp,
  createConsolidation,
  expectError,
  type Headers,
  mailText,
  paySinglePackage,
  receivePackage,
  staffAndCustomerAtHome,
  type TestApp,
  type TestCustomer,
  useTestApp,
} from '../helper.ts';

/** The issue "Carrier": booking, labels and the tracking timeline, on the sandbox carrier. */
describe('carrier: book, print, track (sandbox carrier)', () => {
  const s = useTestApp((t) => staffAndCustomerAtHome(t, { firstName: 'Layla', lastName: 'Haddad' }));

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const book = (id: number) => inject('POST', `/api/staff/shipments/${id}/airway-bill`, s.staff);
  const refresh = (id: number) => inject('POST', `/api/staff/shipments/${id}/tracking/refresh`, s.staff);
  const tracking = (id: number, headers: Headers = s.customer.headers) => inject('GET', `/api/user/shipments/${id}/tracking`, headers);

  async function staffView(id: number): Promise<StaffShipment> {
    const all = (await inject('GET', '/api/staff/shipments?status=all', s.staff)).json().data as StaffShipment[];
    return all.find((shipment) => shipment.id === id) as StaffShipment;
  }

  /** A single package paid by card: a Finalized shipment waiting for dispatch. */
  async function paidShipment(customer: TestCustomer = s.customer, home = s.home): Promise<StaffShipment> {
    const pkg = await receivePackage(s.t, s.staff, customer.locker);
    const paid = await paySinglePackage(s.t, customer.headers, pkg, home);
    const all = (await inject('GET', '/api/staff/shipments?status=all', s.staff)).json().data as StaffShipment[];
    return all.find((shipment) => shipment.shipmentId === paid.shipmentId) as StaffShipment;
  }

  async function bookedShipment(): Promise<{ shipment: StaffShipment; bill: AirwayBill }> {
    const shipment = await paidShipment();
    const res = await book(shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    return { shipment, bill: res.json().data as AirwayBill };
  }

  describe('POST /api/staff/shipments/{id}/airway-bill', () => {
    it('books a paid shipment: answers its AWB, carrier and label, and moves it to Processed', async () => {
      const shipment = await paidShipment();
      expect(shipment.shipmentStatus).toBe('Finalized');
      const res = await book(shipment.id);
      expect(res.statusCode, res.body).toBe(200);
      const bill = res.json().data as AirwayBill;
      expect(bill).toEqual({
        awb: expect.stringMatching(/\S{6,}/),
        carrier: 'sandbox',
        labelUrl: `/api/staff/shipments/${shipment.id}/label`,
      });
      expect(await staffView(shipment.id)).toMatchObject({
        awb: bill.awb,
        carrier: 'sandbox',
        carrierError: null,
        shipmentStatus: 'Processed',
        processingDate: expect.any(String),
      });
    });

    it('is idempotent: calling again, or twenty times at once, answers the same AWB', async () => {
      const shipment = await paidShipment();
      const all = await Promise.all(Array.from({ length: 20 }, () => book(shipment.id)));
      for (const res of all) expect(res.statusCode, res.body).toBe(200);
      const again = await book(shipment.id);
      expect(again.statusCode).toBe(200);
      expect(new Set([...all, again].map((res) => res.json().data.awb)).size).toBe(1);
    });

    it('gives every shipment its own AWB', async () => {
      const [one, two] = [await bookedShipment(), await bookedShipment()];
      expect(one.bill.awb).not.toBe(two.bill.awb);
    });

    it('refuses an unpaid consolidation with a clear 409, and changes nothing', async () => {
      const pkgs = [await receivePackage(s.t, s.staff, s.customer.locker), await receivePackage(s.t, s.staff, s.customer.locker)];
      const consolidation = await createConsolidation(s.t, s.customer.headers, pkgs, s.home);
      const res = await book(consolidation.id);
      expectError(res, 409, carrierMessages.bookingUnpaid);
      expect(res.json().code).toBe('SHIPMENT_UNPAID');
      expect(await staffView(consolidation.id)).toMatchObject({ awb: null, carrier: null, shipmentStatus: 'Pending' });
    });

    it('refuses a shipment whose AWB was typed by hand: it was booked outside the product', async () => {
      const shipment = await paidShipment();
      await inject('PUT', `/api/staff/shipments/${shipment.id}`, s.staff, { awb: 'MANUAL-1234' });
      const res = await book(shipment.id);
      expectError(res, 409, carrierMessages.bookedByHand('MANUAL-1234'));
      expect(res.json().code).toBe('BOOKED_BY_HAND');
    });

    it('answers 404 for a shipment that does not exist, and 403 to a customer', async () => {
      expect((await book(999_999)).statusCode).toBe(404);
      const shipment = await paidShipment();
      expect((await inject('POST', `/api/staff/shipments/${shipment.id}/airway-bill`, s.customer.headers)).statusCode).toBe(403);
    });
  });

  describe('labels', () => {
    it('GET …/label answers the label PDF holding the AWB, 100 × 150 mm', async () => {
      const { shipment, bill } = await bookedShipment();
      const res = await inject('GET', bill.labelUrl, s.staff);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`label-${shipment.shipmentId}-${bill.awb}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect(Math.round((width / 72) * 25.4)).toBe(100);
      expect(Math.round((height / 72) * 25.4)).toBe(150);
      expect(`${pdf.getTitle()} ${pdf.getSubject()} ${pdf.getKeywords()}`).toContain(bill.awb);
    });

    it('keeps the label once: a second print is the same file', async () => {
      const { bill } = await bookedShipment();
      const first = await inject('GET', bill.labelUrl, s.staff);
      const second = await inject('GET', bill.labelUrl, s.staff);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    it('answers 409 before the shipment is booked', async () => {
      const shipment = await paidShipment();
      const res = await inject('GET', `/api/staff/shipments/${shipment.id}/label`, s.staff);
      expectError(res, 409, carrierMessages.notBooked);
      expect(res.json().code).toBe('NOT_BOOKED');
    });

    it('GET /api/staff/shipments/labels prints several labels in one PDF, and refuses one not booked', async () => {
      const [one, two] = [await bookedShipment(), await bookedShipment()];
      const res = await inject('GET', `/api/staff/shipments/labels?ids=${one.shipment.id},${two.shipment.id}`, s.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(2);
      const unbooked = await paidShipment();
      const refused = await inject('GET', `/api/staff/shipments/labels?ids=${one.shipment.id},${unbooked.id}`, s.staff);
      expectError(refused, 409, carrierMessages.notBookedMany([unbooked.shipmentId]), 'ids');
      for (const ids of ['', 'a,b', '0', '1,-2', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
        expect((await inject('GET', `/api/staff/shipments/labels?ids=${ids}`, s.staff)).statusCode, ids).toBe(400);
      }
    });
  });

  describe('tracking', () => {
    const mailsAbout = (t: TestApp, customer: TestCustomer, shipmentId: string) =>
      t.mailsTo(customer.email).filter((raw) => raw.includes(shipmentId));

    it('follows the sandbox journey to Delivered: Shipped at pick-up, Delivered at delivery, one mail each', async () => {
      const { shipment, bill } = await bookedShipment();
      const statuses: string[] = [];
      for (const _ of SANDBOX_JOURNEY) {
        const res = await refresh(shipment.id);
        expect(res.statusCode, res.body).toBe(200);
        statuses.push((res.json().data as ShipmentTracking).status);
      }
      expect(statuses).toEqual(['Shipped', 'Shipped', 'Shipped', 'Shipped', 'Delivered']);

      const res = await tracking(shipment.id);
      expect(res.statusCode).toBe(200);
      const timeline = res.json().data as ShipmentTracking;
      expect(timeline).toMatchObject({ awb: bill.awb, carrier: 'sandbox', status: 'Delivered' });
      expect(timeline.events.map((e) => e.status)).toEqual(SANDBOX_JOURNEY.map((step) => step.status).reverse());
      const times = timeline.events.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(timeline.events[0]).toMatchObject({ location: expect.any(String) });

      await s.t.waitForMail(1);
      await expect
        .poll(() => mailsAbout(s.t, s.customer, shipment.shipmentId).filter((m) => /is on its way|was delivered/.test(m)).length)
        .toBe(2);
      const mails = mailsAbout(s.t, s.customer, shipment.shipmentId).map(mailText);
      const shipped = mails.find((m) => m.includes('is on its way')) as string;
      expect(shipped).toContain(bill.awb);
      expect(shipped).toContain(`/sent-shipment?track=${shipment.shipmentId}`);
      expect(mails.find((m) => m.includes('was delivered'))).toBeDefined();
    });

    it('stores each event once when the carrier repeats its list', async () => {
      const { shipment } = await bookedShipment();
      for (let i = 0; i < SANDBOX_JOURNEY.length + 3; i++) expect((await refresh(shipment.id)).statusCode).toBe(200);
      const timeline = (await tracking(shipment.id)).json().data as ShipmentTracking;
      expect(timeline.events).toHaveLength(SANDBOX_JOURNEY.length);
      const [stored] = await s.t.db.select({ n: count() }).from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
      expect(stored?.n).toBe(SANDBOX_JOURNEY.length);
    });

    it("answers 404 for another customer's shipment, and an empty timeline before booking", async () => {
      const { shipment } = await bookedShipment();
      const other = await s.t.customer();
      expect((await tracking(shipment.id, other.headers)).statusCode).toBe(404);
      expect((await tracking(999_999)).statusCode).toBe(404);
      const unbooked = await paidShipment();
      const res = await tracking(unbooked.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ awb: null, carrier: null, status: 'Finalized', events: [] });
    });

    it('shows the latest event and the carrier in Sent Shipments', async () => {
      const { shipment } = await bookedShipment();
      await refresh(shipment.id);
      await refresh(shipment.id);
      const sent = (await inject('GET', '/api/user/shipments/sent', s.customer.headers)).json().data as SentShipment[];
      expect(sent.find((row) => row.id === shipment.id)).toMatchObject({
        carrier: 'sandbox',
        shipmentStatus: 'Shipped',
        latestEvent: { status: SANDBOX_JOURNEY[1].status, at: expect.any(String) },
      });
    });

    it('sends no Delivered mail to a customer who switched it off', async () => {
      const quiet = await s.t.customer();
      const quietHome = await addAddress(s.t, quiet.headers);
      const put = await inject('PUT', '/api/user/profile/notifications', quiet.headers, {
        packageReceived: true,
        photosReady: true,
        shipmentShipped: true,
        shipmentDelivered: false,
        storageEnding: true,
      });
      expect(put.statusCode, put.body).toBe(200);
      const shipment = await paidShipment(quiet, quietHome);
      expect((await book(shipment.id)).statusCode).toBe(200);
      for (const _ of SANDBOX_JOURNEY) await refresh(shipment.id);
      expect((await staffView(shipment.id)).shipmentStatus).toBe('Delivered');
      await expect.poll(() => mailsAbout(s.t, quiet, shipment.shipmentId).filter((m) => m.includes('is on its way')).length).toBe(1);
      expect(mailsAbout(s.t, quiet, shipment.shipmentId).filter((m) => m.includes('was delivered'))).toHaveLength(0);
    });

    it('refreshing a shipment not booked is a 409', async () => {
      const shipment = await paidShipment();
      const res = await refresh(shipment.id);
      expectError(res, 409, carrierMessages.notBooked);
    });
  });

  describe('the tracking poller', () => {
    it('reads each due shipment once per round, also with two pollers at once, and leaves the others', async () => {
      const booked = [await bookedShipment(), await bookedShipment(), await bookedShipment()];
      const notDue = await bookedShipment();
      const ids = booked.map((b) => b.shipment.id);
      // Everything else booked in this suite is read recently; these three were read an hour ago.
      await s.t.db.update(shipments).set({ trackingCheckedAt: new Date() }).where(isNotNull(shipments.carrier));
      await s.t.db
        .update(shipments)
        .set({ trackingCheckedAt: new Date(Date.now() - 3_600_000) })
        .where(inArray(shipments.id, ids));
      const deps = s.t.app.deps;
      const rounds = await Promise.all([pollTracking(deps, 900), pollTracking(deps, 900)]);
      expect(rounds.reduce((total, r) => total + r.read, 0)).toBe(3);
      for (const id of ids) {
        const timeline = (await tracking(id)).json().data as ShipmentTracking;
        expect(timeline.events.map((e) => e.status)).toEqual([SANDBOX_JOURNEY[0].status]);
        expect(timeline.status).toBe('Shipped');
      }
      expect(((await tracking(notDue.shipment.id)).json().data as ShipmentTracking).events).toEqual([]);
      // A second round finds nothing due: each was just read.
      expect((await pollTracking(deps, 900)).read).toBe(0);
    });
  });
});

/** The same flows on C3X Express, against a local fake of its API: its refusals and silences change nothing. */
describe('carrier: C3X Express through the app', () => {
  let c3x: C3xFake;
  let t: TestApp;
  let staff: Headers;
  let customer: TestCustomer;
  let home: Awaited<ReturnType<typeof addAddress>>;
  beforeAll(async () => {
    c3x = await startC3xFake();
    t = await buildTestApp(c3xCarrierEnv(c3x));
    staff = (await t.userWithToken('staff')).headers;
    customer = await t.customer();
    home = await addAddress(t, customer.headers, { city: 'Abu Dhabi', address: 'Villa 4, Corniche Road' });
  });
  afterAll(async () => {
    await t?.close();
    await c3x?.close();
  });
  afterEach(() => c3x.reset());

  const book = (id: number) => t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/airway-bill`, headers: staff });
  async function paidShipment() {
    const pkg = await receivePackage(t, staff, customer.locker);
    const paid = await paySinglePackage(t, customer.headers, pkg, home);
    const all = (await t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: staff })).json()
      .data as StaffShipment[];
    return all.find((shipment) => shipment.shipmentId === paid.shipmentId) as StaffShipment;
  }
  const staffView = async (id: number) =>
    ((await t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: staff })).json().data as StaffShipment[]).find(
      (shipment) => shipment.id === id,
    ) as StaffShipment;

  it("a refusal answers 502 with the carrier's reason, keeps the shipment as it was and shows the reason to staff; booking again succeeds", async () => {
    const shipment = await paidShipment();
    c3x.setMode({ kind: 'refuse', description: 'Consignee city is not served' }, 'CreateAirwayBill');
    const refused = await book(shipment.id);
    expectError(refused, 502, carrierMessages.carrierRefused('Consignee city is not served'));
    expect(refused.json().code).toBe('CARRIER_REFUSED');
    expect(await staffView(shipment.id)).toMatchObject({
      awb: null,
      carrier: null,
      shipmentStatus: 'Finalized',
      carrierError: 'Consignee city is not served',
    });

    c3x.reset();
    const booked = await book(shipment.id);
    expect(booked.statusCode, booked.body).toBe(200);
    const bill = booked.json().data as AirwayBill;
    expect(bill.carrier).toBe('c3x');
    expect(await staffView(shipment.id)).toMatchObject({ awb: bill.awb, carrier: 'c3x', shipmentStatus: 'Processed', carrierError: null });
    const sent = c3x.bodiesOf('CreateAirwayBill').at(-1) as Record<string, unknown>;
    // The goods as the package's declaration states them: received as 2 × Running shoes at 45.50 USD.
    expect(sent).toMatchObject({
      ShipperReference: shipment.shipmentId,
      ConsigneeCity: 'Abu Dhabi',
      Pieces: 1,
      GoodsDescription: 'Running shoes',
      DeclaredValue: 91,
      Currency: 'USD',
    });
    expect(Number(sent.Weight)).toBeGreaterThan(0);
  });

  it('a carrier that does not answer is asked once more, then 503; the shipment stays as it was', async () => {
    const shipment = await paidShipment();
    const before = c3x.bodiesOf('CreateAirwayBill').length;
    c3x.setMode({ kind: 'http-500' }, 'CreateAirwayBill');
    const res = await book(shipment.id);
    expectError(res, 503, carrierMessages.carrierUnavailable);
    expect(res.json().code).toBe('CARRIER_UNAVAILABLE');
    expect(c3x.bodiesOf('CreateAirwayBill').length - before).toBe(2);
    expect(await staffView(shipment.id)).toMatchObject({ awb: null, shipmentStatus: 'Finalized', carrierError: expect.any(String) });
    expect(JSON.stringify(await staffView(shipment.id))).not.toContain(C3X_FAKE_ACCOUNT.password);
  });

  it("prints C3X's own label, and follows its tracking to Delivered without storing a repeated event twice", async () => {
    const shipment = await paidShipment();
    const bill = (await book(shipment.id)).json().data as AirwayBill;
    const label = await t.app.inject({ method: 'GET', url: bill.labelUrl, headers: staff });
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(label.rawPayload)).getTitle()).toContain(bill.awb);

    c3x.setTracking(bill.awb, [
      { ActivityDate: '2026-11-20', ActivityTime: '09:30', StatusCode: 'PU', Status: 'Shipment picked up', Location: 'Jersey City' },
      {
        ActivityDate: '2026-11-21',
        ActivityTime: '18:05',
        StatusCode: 'DL',
        Status: 'Delivered',
        Location: 'Abu Dhabi',
        Remarks: 'Signed by Layla',
      },
    ]);
    const refresh = () => t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/tracking/refresh`, headers: staff });
    const first = await refresh();
    expect(first.statusCode, first.body).toBe(200);
    const timeline = first.json().data as ShipmentTracking;
    expect(timeline.status).toBe('Delivered');
    expect(timeline.events).toEqual([
      { at: '2026-11-21T14:05:00.000Z', status: 'Delivered', location: 'Abu Dhabi', description: 'Signed by Layla' },
      { at: '2026-11-20T05:30:00.000Z', status: 'Shipment picked up', location: 'Jersey City', description: null },
    ]);
    expect(((await refresh()).json().data as ShipmentTracking).events).toHaveLength(2);
  });
});

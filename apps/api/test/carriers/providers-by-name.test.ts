import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../src/db/schema.ts';
import { addAddress, buildTestApp, paySinglePackage, receivePackage, type TestApp } from '../helper.ts';
import { bookingRequest } from './booking-request.ts';
import { type C3xFake, c3xCarrierEnv, startC3xFake } from './c3x-fake.ts';
import { type DhlFake, dhlAccountEnv, startDhlFake } from './dhl-fake.ts';

/**
 * Issue "Exactly once, in one place", providers by name: a shipment booked with C3X Express is printed and
 * tracked with C3X after CARRIER_PROVIDER changed to another carrier, never with the new one; without the C3X
 * account it answers 503 naming the carrier, and nothing is asked of the wrong one.
 */
describe('a shipment keeps the carrier it was booked with', () => {
  let fake: C3xFake;
  let dhl: DhlFake;
  beforeAll(async () => {
    fake = await startC3xFake();
    dhl = await startDhlFake();
  });
  afterAll(async () => {
    await fake.close();
    await dhl.close();
  });

  /** A paid shipment, booked with the carrier named: its AWB exists at that carrier's fake. */
  async function bookedWith(t: TestApp, carrier: 'c3x' | 'dhl') {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const home = await addAddress(t, customer.headers);
    const pkg = await receivePackage(t, staff, customer.locker);
    const paid = await paySinglePackage(t, customer.headers, pkg, home);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    const { awb } = await t.app.deps.carriers.byName(carrier).book(bookingRequest());
    await t.db
      .update(shipments)
      .set({ awb, carrier, shipmentStatus: 'Processed', bookedAt: new Date() })
      .where(eq(shipments.id, row?.id as number));
    return { staff, id: row?.id as number, awb };
  }

  it('tracks and prints it with C3X after CARRIER_PROVIDER became the sandbox', async () => {
    const { CARRIER_PROVIDER: _c3x, ...account } = c3xCarrierEnv(fake);
    const t = await buildTestApp({ ...account, CARRIER_PROVIDER: 'sandbox' });
    try {
      expect(t.app.deps.carriers.current.name).toBe('sandbox');
      const { staff, id, awb } = await bookedWith(t, 'c3x');
      const tracked = fake.bodiesOf('Tracking').length;
      const refresh = await t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/tracking/refresh`, headers: staff });
      expect(refresh.statusCode, refresh.body).toBe(200);
      expect(refresh.json().data).toMatchObject({ awb, carrier: 'c3x' });
      expect(
        fake
          .bodiesOf('Tracking')
          .slice(tracked)
          .map((b) => String(b.AirwayBillNumber)),
      ).toEqual([awb]);
      const label = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${id}/label`, headers: staff });
      expect(label.statusCode).toBe(200);
      expect(label.headers['content-type']).toContain('application/pdf');
      expect(fake.bodiesOf('AirwayBillPDFFormat').map((b) => String(b.AirwayBillNumber))).toContain(awb);
    } finally {
      await t.close();
    }
  });

  it('tracks and prints it with DHL after CARRIER_PROVIDER became the sandbox, DHL being among CARRIERS', async () => {
    const t = await buildTestApp({ ...dhlAccountEnv(dhl), CARRIERS: 'sandbox,dhl', CARRIER_PROVIDER: 'sandbox' });
    try {
      const { staff, id, awb } = await bookedWith(t, 'dhl');
      const tracked = dhl.requestsTo('tracking').length;
      dhl.setTracking(awb, [
        { date: '2026-11-20', time: '14:05:00', GMTOffset: '-05:00', typeCode: 'PU', description: 'Shipment picked up' },
      ]);
      const refresh = await t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/tracking/refresh`, headers: staff });
      expect(refresh.statusCode, refresh.body).toBe(200);
      expect(refresh.json().data).toMatchObject({ awb, carrier: 'dhl' });
      expect(
        dhl
          .requestsTo('tracking')
          .slice(tracked)
          .map((r) => r.url),
      ).toEqual([`/mydhlapi/shipments/${awb}/tracking?trackingView=all-checkpoints`]);
      // DHL's label came with the booking: printing it asks DHL nothing more.
      const asked = dhl.requests.length;
      const label = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${id}/label`, headers: staff });
      expect(label.statusCode).toBe(200);
      expect(label.headers['content-type']).toContain('application/pdf');
      expect(dhl.requests).toHaveLength(asked);
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the carrier when this deployment has no account for it, and asks no other carrier', async () => {
    const t = await buildTestApp({ CARRIER_PROVIDER: 'sandbox' });
    try {
      const staff = (await t.userWithToken('staff')).headers;
      const customer = await t.customer();
      const home = await addAddress(t, customer.headers);
      const paid = await paySinglePackage(t, customer.headers, await receivePackage(t, staff, customer.locker), home);
      // Booked with C3X Express by a deployment that had its account.
      await t.db
        .update(shipments)
        .set({ awb: '70000123', carrier: 'c3x', shipmentStatus: 'Processed', bookedAt: new Date() })
        .where(eq(shipments.shipmentId, paid.shipmentId));
      const [row] = await t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
      for (const call of [
        { method: 'POST' as const, url: `/api/staff/shipments/${row?.id}/tracking/refresh` },
        { method: 'GET' as const, url: `/api/staff/shipments/${row?.id}/label` },
      ]) {
        const res = await t.app.inject({ ...call, headers: staff });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ success: false, code: 'CARRIER_UNAVAILABLE', message: expect.stringContaining('"c3x"') });
      }
      const [after] = await t.db
        .select()
        .from(shipments)
        .where(eq(shipments.id, row?.id as number));
      expect(after).toMatchObject({ shipmentStatus: 'Processed', carrier: 'c3x', awb: '70000123' });
    } finally {
      await t.close();
    }
  });
});

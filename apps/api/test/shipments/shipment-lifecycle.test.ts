import { dispatchChoices } from '@hopbox/contracts/dispatch';
import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { canMove, SHIPMENT_LIFECYCLE, SHIPMENT_STATUSES, type ShipmentStatus } from '@hopbox/contracts/lifecycles';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, shipments } from '../../src/db/schema.ts';
import { moveShipment } from '../../src/modules/shipments/shipments-repository.ts';
import { paySinglePackage, receivePackage, staffAndCustomerAtHome, staffUpdateShipment, useTestApp } from '../helper.ts';

/**
 * Issue "Exactly once, in one place", lifecycles as tables: a shipment moves forward only, through one guarded
 * move; a move the table does not allow answers 409 INVALID_TRANSITION naming from and to, changes nothing and
 * mails nothing; each move's mail goes out at most once; the database refuses a status outside the lifecycle.
 */
describe('the shipment lifecycle', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, staffAndCustomerAtHome);
  const update = (id: number, payload: Record<string, unknown>) => staffUpdateShipment(s.t, s.staff, id, payload);
  const statusOf = async (id: number) =>
    (await s.t.db.select({ status: shipments.shipmentStatus }).from(shipments).where(eq(shipments.id, id)))[0]?.status;
  const mailsAbout = async (shipmentId: string, kind: string) =>
    (await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind))).filter((m) => m.subject.includes(shipmentId));

  /** The one error shape, with the field and code given. */
  function expectRefusal(
    res: { statusCode: number; json(): unknown; body: string },
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message, ...extra });
  }

  /** A paid shipment waiting at the warehouse (Finalized). */
  async function paidShipment() {
    const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
    const paid = await paySinglePackage(s.t, s.customer.headers, pkg, s.home);
    const [row] = await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    return row as NonNullable<typeof row>;
  }

  describe('every (from, to) pair moves exactly when the table allows it', () => {
    const pairs = SHIPMENT_STATUSES.flatMap((from) => SHIPMENT_STATUSES.map((to) => [from, to] as const));
    it.each(pairs)('%s → %s', async (from, to) => {
      const shipment = await paidShipment();
      await s.t.db.execute(sql`update shipments set shipment_status = ${from} where id = ${shipment.id}`);
      const moved = await moveShipment(s.t.db, shipment.id, to);
      expect(moved !== undefined).toBe(canMove(SHIPMENT_LIFECYCLE, from, to));
      expect(await statusOf(shipment.id)).toBe(moved ? to : from);
    });
  });

  it('moves forward only: a Delivered shipment cannot go back to Processed, and nothing is mailed again', async () => {
    const shipment = await paidShipment();
    expect((await update(shipment.id, { awb: 'AWB-FWD-1', shipmentStatus: 'Delivered' })).statusCode).toBe(200);
    for (const back of ['Processed', 'Shipped'] as const) {
      expectRefusal(await update(shipment.id, { shipmentStatus: back }), 409, lifecycleMessages.shipments.invalidMove('Delivered', back), {
        field: 'shipmentStatus',
        code: 'INVALID_TRANSITION',
      });
    }
    expect(await statusOf(shipment.id)).toBe('Delivered');
    // Delivered again is no move: 200, and still one delivered mail, no shipped one.
    expect((await update(shipment.id, { shipmentStatus: 'Delivered' })).statusCode).toBe(200);
    expect(await mailsAbout(shipment.shipmentId, 'shipmentDelivered')).toHaveLength(1);
    expect(await mailsAbout(shipment.shipmentId, 'shipmentShipped')).toHaveLength(0);
  });

  it('sends the shipped mail once when two staff mark it Shipped at the same moment', async () => {
    const shipment = await paidShipment();
    const answers = await Promise.all([
      update(shipment.id, { awb: 'AWB-RACE-1', shipmentStatus: 'Shipped' }),
      update(shipment.id, { awb: 'AWB-RACE-1', shipmentStatus: 'Shipped' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(await statusOf(shipment.id)).toBe('Shipped');
    expect(await mailsAbout(shipment.shipmentId, 'shipmentShipped')).toHaveLength(1);
  });

  it('leaves a shipment booked with the carrier to its tracking: a hand move is refused, naming the carrier', async () => {
    const shipment = await paidShipment();
    const booked = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/airway-bill`, headers: s.staff });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await statusOf(shipment.id)).toBe('Processed');
    expectRefusal(
      await update(shipment.id, { shipmentStatus: 'Delivered' }),
      409,
      lifecycleMessages.shipments.followsTracking('Hopbox Sandbox'),
      { field: 'shipmentStatus', code: 'INVALID_TRANSITION' },
    );
    expect(await statusOf(shipment.id)).toBe('Processed');
  });

  it('offers staff the forward moves only, and none for a shipment the carrier tracks', () => {
    const choices = (shipmentStatus: ShipmentStatus, carrier: string | null = null) =>
      dispatchChoices({ shipmentStatus, carrier } as Pick<StaffShipment, 'shipmentStatus' | 'carrier'>);
    expect(choices('Finalized')).toEqual(['Processed', 'Shipped', 'Delivered']);
    expect(choices('Processed')).toEqual(['Shipped', 'Delivered']);
    expect(choices('Shipped')).toEqual(['Delivered']);
    expect(choices('Delivered')).toEqual([]);
    expect(choices('Processed', 'sandbox')).toEqual([]);
  });

  it('answers 400 to an update that changes nothing (an empty or form-encoded body), never 500', async () => {
    const shipment = await paidShipment();
    expectRefusal(await update(shipment.id, {}), 400, lifecycleMessages.shipments.nothingToChange);
    const form = await s.t.app.inject({
      method: 'PUT',
      url: `/api/staff/shipments/${shipment.id}`,
      headers: { ...s.staff, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'shipmentStatus=',
    });
    expect(form.statusCode).toBe(400);
    expect(await statusOf(shipment.id)).toBe('Finalized');
  });

  it('is enforced by the database: a status outside the lifecycle is refused', async () => {
    const shipment = await paidShipment();
    await expect(s.t.db.execute(sql`update shipments set shipment_status = 'Lost' where id = ${shipment.id}`)).rejects.toThrow();
    await expect(s.t.db.execute(sql`update shipments set consolidation_status = 'Done' where id = ${shipment.id}`)).rejects.toThrow();
    expect(await statusOf(shipment.id)).toBe('Finalized');
  });
});

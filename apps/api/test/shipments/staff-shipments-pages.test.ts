import { PAGE_SIZE_MAX } from '@hopbox/contracts/constants';
import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import { STAFF_SHIPMENT_FILTERS, type StaffShipmentsPage } from '@hopbox/contracts/staff-shipments';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipments } from '../../src/db/schema.ts';
import { expectError, useTestApp } from '../helper.ts';

/** What the test writes of each kind, newest first: open (unpaid) consolidations, then awaiting dispatch, Shipped, Delivered. */
const OPEN = 3;
const AWAITING = 4;
const SHIPPED = 45;
const DELIVERED = LIST_COUNT_CAP + 5;

/**
 * Issue "Speed at scale": the warehouse's shipment lists answer a page at a time, newest first, each with its count up
 * to LIST_COUNT_CAP, and the pick lists and notes of that page's shipments only (decision 075).
 */
describe("the warehouse's shipment lists, a page at a time", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.customer();
    // A forwarder's history, written at once: each kind a block of minutes, the newest first.
    const write = (count: number, from: number, status: string, paid: boolean) =>
      t.db.execute(sql`
        insert into shipments (shipment_id, user_id, is_consolidated, origin, address, city, country, total_weight,
                               shipment_status, consolidation_status, payment_status, amount, created_at)
        select 'SHP' || nextval('shipment_number_seq'), ${alice.id}::int, ${!paid}, 'United States of America', 'Street 1',
               'Dubai', 'United Arab Emirates', 2, ${status}::text, ${paid ? null : 'Pending'}::text,
               ${paid ? 'Paid' : 'Unpaid'}::text, ${paid ? '40.00' : null}::numeric, now() - ((${from}::int + g) || ' minutes')::interval
        from generate_series(1, ${count}::int) g`);
    await write(OPEN, 0, 'Pending', false);
    // Of the open consolidations the newest is packed and ready to ship, the next is being packed.
    await t.db.execute(sql`
      update shipments set consolidation_status = case when rank = 1 then 'Completed' else 'In Progress' end, ready_to_ship = rank = 1
      from (select id, row_number() over (order by created_at desc, id desc) as rank from shipments where shipment_status = 'Pending') o
      where shipments.id = o.id and o.rank <= 2`);
    await write(AWAITING - 1, 100, 'Finalized', true);
    await write(1, 200, 'Processed', true);
    await write(SHIPPED, 1_000, 'Shipped', true);
    await write(DELIVERED, 100_000, 'Delivered', true);
    // The newest Shipped shipment's packages, on two shelves, and a note staff kept about it.
    const [newestShipped] = await t.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.shipmentStatus, 'Shipped'))
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(1);
    const shippedId = newestShipped?.id as number;
    await t.db.execute(sql`
      insert into packages (hopbox_id, user_id, locker_number, shipper, package_content, origin, received_date,
                            package_weight, package_length, package_breadth, package_height, shipment_id, location)
      select 'HBX' || nextval('hopbox_id_seq'), ${alice.id}::int, ${alice.locker}::text, 'Store', 'Item ' || g,
             'United States of America', now(), 1, 10, 10, 10, ${shippedId}::int, (array['B-2', 'A-1'])[g]
      from generate_series(1, 2) g`);
    await t.db.execute(sql`analyze`);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/staff/shipments/${shippedId}/notes`,
      headers: staff,
      payload: { body: 'Fragile: keep upright' },
    });
    if (note.statusCode !== 201) throw new Error(note.body);
    return { staff, shippedId };
  });

  const list = async (query: string) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/shipments?${query}`, headers: s.staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StaffShipmentsPage;
  };
  const times = (page: StaffShipmentsPage) => page.data.map((r) => Date.parse(r.createdAt));
  const newestFirst = (page: StaffShipmentsPage) => expect(times(page)).toEqual([...times(page)].sort((a, b) => b - a));

  it('answers a status a page of 20 at a time, newest first, with its exact count under the cap', async () => {
    const first = await list('status=Shipped');
    expect(first).toMatchObject({ total: SHIPPED, totalCapped: false, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    expect(first.data.every((r) => r.shipmentStatus === 'Shipped')).toBe(true);
    newestFirst(first);
    const second = await list('status=Shipped&page=2');
    expect(second).toMatchObject({ total: SHIPPED, page: 2, pageSize: 20 });
    expect(second.data).toHaveLength(20);
    newestFirst(second);
    // Page 2 takes up where page 1 stopped: nothing repeated, every one older.
    expect(second.data.some((r) => first.data.some((f) => f.id === r.id))).toBe(false);
    expect(Math.max(...times(second))).toBeLessThan(Math.min(...times(first)));
    const last = await list('status=Shipped&page=3');
    expect(last.data).toHaveLength(SHIPPED - 40);
    expect(await list('status=Shipped&page=4')).toMatchObject({ data: [], total: SHIPPED });
    expect((await list('status=Shipped&pageSize=7')).data).toHaveLength(7);
  });

  it('gives the pick list and internal notes of the rows on the page', async () => {
    const [newest] = (await list('status=Shipped&pageSize=1')).data;
    expect(newest?.id).toBe(s.shippedId);
    expect(newest?.picks.map((p) => p.location)).toEqual(['A-1', 'B-2']);
    expect(newest?.packageIds).toMatch(/^\["HBX\d+","HBX\d+"\]$/);
    expect(newest?.internalNotes.map((n) => n.body)).toEqual(['Fragile: keep upright']);
  });

  it('counts a list past the cap as "at least the cap", and answers its pages past the cap', async () => {
    expect(await list('status=Delivered&pageSize=100')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await list('status=all')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    // Page 101 of 100 lies past the cap’s 100 pages: it is still answered, with the oldest 5.
    const past = await list(`status=Delivered&pageSize=100&page=${LIST_COUNT_CAP / 100 + 1}`);
    expect(past).toMatchObject({ totalCapped: true, page: LIST_COUNT_CAP / 100 + 1 });
    expect(past.data).toHaveLength(5);
  });

  it('answers every paid shipment under "paid": a full page without the unpaid consolidations "all" shows', async () => {
    const all = await list('status=all');
    expect(all.data.slice(0, OPEN).every((r) => r.paymentStatus === 'Unpaid')).toBe(true);
    const paid = await list('status=paid');
    expect(paid).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(paid.data).toHaveLength(20);
    expect(paid.data.every((r) => r.paymentStatus === 'Paid')).toBe(true);
    expect(paid.data.map((r) => r.id)).toEqual(expect.arrayContaining(all.data.filter((r) => r.paymentStatus === 'Paid').map((r) => r.id)));
  });

  it('answers the shipments awaiting dispatch, paid and not yet shipped, counted exactly', async () => {
    const awaiting = await list('status=awaiting-dispatch');
    expect(awaiting).toMatchObject({ total: AWAITING, totalCapped: false, pageSize: 20 });
    expect(awaiting.data.map((r) => r.shipmentStatus).sort()).toEqual(['Finalized', 'Finalized', 'Finalized', 'Processed']);
    newestFirst(awaiting);
  });

  it('answers the open consolidations, all of them or those to pack or packed, a page at a time', async () => {
    const open = await list('status=consolidating');
    expect(open).toMatchObject({ total: OPEN, totalCapped: false, page: 1, pageSize: 20 });
    expect(open.data.every((r) => r.isConsolidated && r.shipmentStatus === 'Pending' && r.paymentStatus === 'Unpaid')).toBe(true);
    expect(open.data.map((r) => r.consolidationStatus)).toEqual(['Completed', 'In Progress', 'Pending']);
    const packed = await list('status=packed');
    expect(packed).toMatchObject({ total: 1 });
    expect(packed.data.map((r) => [r.id, r.readyToShip])).toEqual([[open.data[0]?.id, true]]);
    const toPack = await list('status=to-pack');
    expect(toPack).toMatchObject({ total: OPEN - 1 });
    expect(toPack.data.map((r) => r.id)).toEqual(open.data.slice(1).map((r) => r.id));
    const paged = await list('status=consolidating&pageSize=2&page=2');
    expect(paged).toMatchObject({ total: OPEN, page: 2, pageSize: 2 });
    expect(paged.data.map((r) => r.id)).toEqual(open.data.slice(2).map((r) => r.id));
  });

  it("refuses bad page parameters and an unknown status with the contracts' messages, 400", async () => {
    const get = (query: string) => s.t.app.inject({ method: 'GET', url: `/api/staff/shipments?${query}`, headers: s.staff });
    const rule = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
    expectError(await get('status=Shipped&pageSize=0'), 400, rule, 'pageSize');
    expectError(await get(`status=Shipped&pageSize=${PAGE_SIZE_MAX + 1}`), 400, rule, 'pageSize');
    expectError(await get('status=Shipped&pageSize=ten'), 400, rule, 'pageSize');
    for (const page of ['0', '-1', '1.5', 'two']) {
      const res = await get(`status=Shipped&page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'page' });
    }
    expectError(await get('status=Lost'), 400, `Status must be one of: ${STAFF_SHIPMENT_FILTERS.join(', ')}`, 'status');
  });
});

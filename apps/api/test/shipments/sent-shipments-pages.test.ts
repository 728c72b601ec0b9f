import { LIST_MAX_ROWS, PAGE_SIZE, PAGE_SIZE_MAX } from '@hopbox/contracts/constants';
import type { SentShipmentsPage } from '@hopbox/contracts/shipments';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hosts } from '../../src/db/schema.ts';
import type { TestCustomer } from '../helper.ts';
import { expectError, useTestApp } from '../helper.ts';

/** How many paid shipments Alice has: more than SPEC.md's unpaged answer holds. */
const SENT = LIST_MAX_ROWS + 7;

/**
 * Issue "Speed at scale": Sent Shipments answers a page at a time, newest order first, with its total, and searches on
 * the server what tells one shipment from another (decision 076). Asked without a page, as SPEC.md's call is, it
 * answers the newest LIST_MAX_ROWS.
 */
describe('Sent Shipments, a page at a time', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const [alice, bob] = [await t.customer(), await t.customer()];
    const [host] = await t.db.select({ id: hosts.id, code: hosts.code }).from(hosts).orderBy(hosts.id).limit(1);
    // Alice's history, ordered one a minute apart: the n-th newest is shipment SENT-n+1's order; statuses in turn.
    await t.db.execute(sql`
      insert into shipments (shipment_id, user_id, is_consolidated, origin, address, city, country, total_weight,
                             shipment_status, payment_status, amount, awb, host_id, order_date, created_at)
      select 'SHP' || (900000 + g), ${alice.id}::int, false, 'United States of America', 'Street 1', 'Dubai',
             case when g = 3 then 'Oman' else 'United Arab Emirates' end, 2,
             (array['Finalized', 'Processed', 'Shipped', 'Delivered'])[1 + g % 4], 'Paid', 40,
             case when g = 5 then 'AWB-LOOK-FOR-ME' end, ${host?.id ?? null}::int,
             now() - ((${SENT}::int - g) || ' minutes')::interval, now()
      from generate_series(1, ${SENT}::int) g`);
    // An unpaid consolidation is not sent; Bob's shipment is not Alice's.
    await t.db.execute(sql`
      insert into shipments (shipment_id, user_id, is_consolidated, origin, address, city, country, total_weight,
                             shipment_status, consolidation_status, payment_status, order_date)
      values ('SHP800001', ${alice.id}::int, true, 'United States of America', 'Street 1', 'Dubai', 'United Arab Emirates', 2,
              'Pending', 'Pending', 'Unpaid', now()),
             ('SHP800002', ${bob.id}::int, false, 'United States of America', 'Street 1', 'Dubai', 'United Arab Emirates', 2,
              'Shipped', null, 'Paid', now())`);
    // Shipment 12 holds a package whose Hopbox ID is searched for.
    await t.db.execute(sql`
      insert into packages (hopbox_id, user_id, locker_number, shipper, package_content, origin, received_date,
                            package_weight, package_length, package_breadth, package_height, shipment_id)
      select 'HBXFINDME1', ${alice.id}::int, ${alice.locker}::text, 'Store', 'Shoes', 'United States of America', now(), 1, 10, 10, 10, id
      from shipments where shipment_id = 'SHP900012'`);
    return { staff, alice, bob, hostCode: host?.code ?? '' };
  });

  const list = async (c: TestCustomer, query = '') => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/user/shipments/sent${query}`, headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SentShipmentsPage;
  };
  const ids = (page: SentShipmentsPage) => page.data.map((r) => r.shipmentId);
  /** The shipment IDs of Alice's n-th to m-th newest orders. */
  const newest = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `SHP${900000 + SENT - from - i + 1}`);

  it('answers the first page of 10 with the total when asked for a page, newest order first', async () => {
    const first = await list(s.alice, '?page=1');
    expect(first).toMatchObject({ success: true, total: SENT, page: 1, pageSize: PAGE_SIZE });
    expect(ids(first)).toEqual(newest(1, 10));
  });

  it('answers a deep page and the last, short page, and an empty page past the end with the total', async () => {
    expect(ids(await list(s.alice, '?page=30&pageSize=10'))).toEqual(newest(291, 300));
    const last = await list(s.alice, `?page=6&pageSize=${PAGE_SIZE_MAX}`);
    expect(last.pageSize).toBe(PAGE_SIZE_MAX);
    expect(ids(last)).toEqual(newest(501, SENT));
    const past = await list(s.alice, '?page=99');
    expect(past).toMatchObject({ data: [], total: SENT, page: 99 });
  });

  it("answers SPEC.md's call without a page with the newest LIST_MAX_ROWS and the whole count", async () => {
    const whole = await list(s.alice);
    expect(whole.data).toHaveLength(LIST_MAX_ROWS);
    expect(whole).toMatchObject({ total: SENT, page: 1, pageSize: LIST_MAX_ROWS });
    expect(ids(whole).slice(0, 3)).toEqual(newest(1, 3));
  });

  it('keeps an unpaid consolidation and another customer out of the list', async () => {
    const bobs = await list(s.bob, '?page=1');
    expect(ids(bobs)).toEqual(['SHP800002']);
    const search = await list(s.alice, '?q=SHP8000');
    expect(search).toMatchObject({ data: [], total: 0 });
  });

  it('searches the shipment ID, a package ID, the AWB, the host code, the status and the destination', async () => {
    expect(ids(await list(s.alice, '?q=shp900007'))).toEqual(['SHP900007']);
    expect(ids(await list(s.alice, '?q=findme'))).toEqual(['SHP900012']);
    expect(ids(await list(s.alice, '?q=look-for'))).toEqual(['SHP900005']);
    expect(ids(await list(s.alice, '?q=oman'))).toEqual(['SHP900003']);
    const delivered = await list(s.alice, '?q=Delivered&page=2&pageSize=5');
    expect(delivered.total).toBe(Array.from({ length: SENT }, (_, i) => i + 1).filter((g) => g % 4 === 3).length);
    expect(delivered.data.every((r) => r.shipmentStatus === 'Delivered')).toBe(true);
    expect(delivered.data).toHaveLength(5);
    expect((await list(s.alice, `?q=${encodeURIComponent(s.hostCode)}&page=1`)).total).toBe(SENT);
  });

  it('takes LIKE wildcards in a search as text', async () => {
    expect(await list(s.alice, '?q=%25')).toMatchObject({ data: [], total: 0 });
    expect(await list(s.alice, '?q=SHP_0')).toMatchObject({ data: [], total: 0 });
  });

  it("answers a bad page or page size with 400 and the contracts' message, and a search past 100 characters with 400", async () => {
    const get = (query: string) => s.t.app.inject({ method: 'GET', url: `/api/user/shipments/sent?${query}`, headers: s.alice.headers });
    const rule = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
    for (const size of ['0', `${PAGE_SIZE_MAX + 1}`, 'ten']) expectError(await get(`pageSize=${size}`), 400, rule, 'pageSize');
    for (const page of ['0', '-1', '1.5', 'two']) {
      const res = await get(`page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'page' });
    }
    const long = await get(`q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, field: 'q' });
  });

  it('is for customers: staff are refused with 403, nobody signed in with 401', async () => {
    const asStaff = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.staff });
    expect(asStaff.statusCode).toBe(403);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent' })).statusCode).toBe(401);
  });
});

import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receivePackage, useTestApp } from '../helper.ts';

/**
 * Issue "Speed at scale": the warehouse's Packages list counts up to LIST_COUNT_CAP and no further, so a warehouse
 * of millions answers its first page as fast as a small one; past the cap the answer says there are more
 * (`totalCapped`), and the pages go on. A list under the cap (one locker, a search) counts exactly.
 */
describe("the warehouse's Packages list counts up to the cap", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.customer();
    const bob = await t.customer();
    // More packages than the cap in Bob's locker, written at once as a busy warehouse's would be.
    await t.db.execute(sql`
      insert into packages (hopbox_id, user_id, locker_number, shipper, package_content, origin, external_tracking_number,
                            received_date, package_weight, package_length, package_breadth, package_height)
      select 'HBX' || nextval('hopbox_id_seq'), ${bob.id}::int, ${bob.locker}::text, 'Bulk Store', 'Bulk item ' || g,
             'United States of America', 'BULK' || g, now() - (g || ' minutes')::interval, 1, 10, 10, 10
      from generate_series(1, ${LIST_COUNT_CAP + 25}) g`);
    const mine = [await receivePackage(t, staff, alice.locker), await receivePackage(t, staff, alice.locker)];
    return { staff, alice, bob, mine };
  });
  const list = async (query: string) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/packages?${query}`, headers: s.staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; totalCapped?: boolean; data: { hopboxId: string; packageContent: string }[]; page: number };
  };

  it('answers the whole warehouse as "at least the cap", newest first, and pages past the cap', async () => {
    const first = await list('page=1&pageSize=50');
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(first.data.slice(0, 2).map((p) => p.hopboxId)).toEqual(expect.arrayContaining(s.mine.map((p) => p.hopboxId)));
    // Page 201 of 50 lies past the cap’s 200 pages: it is still answered, with the last 27 of 10,027.
    const past = await list(`page=${LIST_COUNT_CAP / 50 + 1}&pageSize=50`);
    expect(past.data).toHaveLength(27);
    expect(past.totalCapped).toBe(true);
  });

  it('counts a locker or a search under the cap exactly', async () => {
    expect(await list(`lockerNumber=${s.alice.locker}`)).toMatchObject({ total: 2, totalCapped: false });
    expect(await list(`q=${s.mine[0]?.hopboxId}`)).toMatchObject({ total: 1, totalCapped: false });
    expect(await list(`lockerNumber=${s.bob.locker}&pageSize=10`)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
  });

  it('finds a common word among the newest packages first, and says how many at least', async () => {
    // "Bulk item 1" is in items 1, 10–19, 100–199, 1000–1999 and 10000–10025: 1,111 of them among the newest 10,000
    // packages (Alice's two and Bob's items 1 to 9,998), where the search stops reading.
    const found = await list(`q=${encodeURIComponent('Bulk item 1')}&pageSize=20`);
    expect(found).toMatchObject({ total: 1111, totalCapped: true });
    expect(found.data.map((p) => p.packageContent).slice(0, 3)).toEqual(['Bulk item 1', 'Bulk item 10', 'Bulk item 11']);
    expect(found.data).toHaveLength(20);
  });

  it('gathers every match, counted exactly, when the newest packages do not fill the page', async () => {
    // Item 10020 is older than the newest 10,000; "Bulk item 1002" is item 1002 and items 10020 to 10025.
    const old = await list(`q=${encodeURIComponent('Bulk item 10020')}`);
    expect(old).toMatchObject({ total: 1, totalCapped: false });
    expect(old.data.map((p) => p.packageContent)).toEqual(['Bulk item 10020']);
    const few = await list(`q=${encodeURIComponent('Bulk item 1002')}&pageSize=20`);
    expect(few).toMatchObject({ total: 7, totalCapped: false });
    expect(few.data.map((p) => p.packageContent)).toEqual(['Bulk item 1002', ...[0, 1, 2, 3, 4, 5].map((n) => `Bulk item 1002${n}`)]);
  });
});

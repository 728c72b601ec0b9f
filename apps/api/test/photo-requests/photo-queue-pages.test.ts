import { PAGE_SIZE_MAX } from '@hopbox/contracts/constants';
import { LIST_COUNT_CAP } from '@hopbox/contracts/pages';
import { PHOTO_REQUEST_STATUSES, type StaffPhotoRequest } from '@hopbox/contracts/photo-requests';
import type { StaffPhotoQueuePage } from '@hopbox/contracts/staff-photo-requests';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages } from '../../src/db/schema.ts';
import { expectError, useTestApp } from '../helper.ts';

/** What the test writes: open requests (each of its own package), closed ones of two statuses, and years of cancelled ones. */
const OPEN = 25;
const CLOSED = 30;
const CANCELLED = LIST_COUNT_CAP + 5;
const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
const RANK = { URGENT: 0, HIGH: 1, MEDIUM: 2, LOW: 3 } as const;

/**
 * Issue "Speed at scale": the warehouse's photo queue answers a page at a time, the open requests most urgent and
 * oldest first, then the closed ones newest first, a page running on from one part into the other, with the count up
 * to LIST_COUNT_CAP (decision 077).
 */
describe("the warehouse's photo request queue, a page at a time", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.customer();
    // A package for each open request (a package has one open request at most) and one for all the closed ones; the
    // open requests' packages hold a lamp one time in three.
    await t.db.execute(sql`
      insert into packages (hopbox_id, user_id, locker_number, shipper, package_content, origin, received_date,
                            package_weight, package_length, package_breadth, package_height, location)
      select 'HBX' || nextval('hopbox_id_seq'), ${alice.id}::int, ${alice.locker}::text, 'Store',
             case when g % 3 = 0 then 'Desk lamp' else 'Shoes' end, 'United States of America', now(), 1, 10, 10, 10, 'C-0' || g % 9
      from generate_series(1, ${OPEN + 1}::int) g`);
    const owned = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.userId, alice.id)).orderBy(asc(packages.id));
    const packageIds = owned.map((r) => r.id);
    const [closedPackage] = packageIds.splice(OPEN);
    // Open requests: priorities and days spread so neither the id nor the day alone gives the queue's order; some of
    // the same priority share a day, and the id settles those.
    for (const [i, packageId] of packageIds.entries()) {
      await t.db.execute(sql`
        insert into photo_requests (user_id, package_id, request_type, priority, status, requested_date)
        values (${alice.id}::int, ${packageId}::int, 'PACKAGE_PHOTO', ${PRIORITIES[(i * 7) % 4]}::text,
                ${i % 5 === 0 ? 'IN_PROGRESS' : 'PENDING'}::text,
                timestamptz '2025-03-01' + (${(i * 5) % 6}::int || ' days')::interval)`);
    }
    // Closed requests of this year, then the cancelled ones of the years before, all older than any closed one.
    await t.db.execute(sql`
      insert into photo_requests (user_id, package_id, request_type, priority, status, requested_date)
      select ${alice.id}::int, ${closedPackage}::int, 'DAMAGE_PHOTO', 'HIGH', case when g % 2 = 0 then 'COMPLETED' else 'REJECTED' end,
             timestamptz '2025-02-01' - ((g * 7) % ${CLOSED}::int || ' hours')::interval
      from generate_series(1, ${CLOSED}::int) g`);
    await t.db.execute(sql`
      insert into photo_requests (user_id, package_id, request_type, priority, status, requested_date)
      select ${alice.id}::int, ${closedPackage}::int, 'CUSTOM_PHOTO', 'LOW', 'CANCELLED', timestamptz '2024-01-01' - (g || ' minutes')::interval
      from generate_series(1, ${CANCELLED}::int) g`);
    await t.db.execute(sql`analyze photo_requests`);
    return { staff, alice };
  });

  const list = async (query: string) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/photo-requests?${query}`, headers: s.staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StaffPhotoQueuePage;
  };
  const ids = (page: StaffPhotoQueuePage) => page.data.map((r) => r.id);
  /** Every page of a view, one after the other, until a short page. */
  async function allPages(query: string, pageSize: number) {
    const pages: StaffPhotoQueuePage[] = [];
    for (let page = 1; ; page++) {
      const answer = await list(`${query}&page=${page}&pageSize=${pageSize}`);
      pages.push(answer);
      if (answer.data.length < pageSize) return pages;
    }
  }
  /** The queue's order as its definition says it, worked out here from each request's fields. */
  const queueOrder = (rows: StaffPhotoRequest[]) => {
    const open = rows.filter((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS');
    const closed = rows.filter((r) => !open.includes(r));
    open.sort((a, b) => RANK[a.priority] - RANK[b.priority] || a.requestedDate.localeCompare(b.requestedDate) || a.id - b.id);
    closed.sort((a, b) => b.requestedDate.localeCompare(a.requestedDate) || b.id - a.id);
    return [...open, ...closed].map((r) => r.id);
  };

  it('answers the open requests and then the closed ones, a page running on from one part into the next', async () => {
    const query = 'status=PENDING,IN_PROGRESS,COMPLETED,REJECTED';
    const first = await list(query);
    expect(first).toMatchObject({ total: OPEN + CLOSED, totalCapped: false, page: 1, pageSize: 20 });
    expect(first.data.every((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS')).toBe(true);
    // Page 2 holds the last 5 open requests and the 15 newest closed ones; page 3 the 15 closed after those.
    const second = await list(`${query}&page=2`);
    expect(second.data.map((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS')).toEqual([
      ...Array(OPEN - 20).fill(true),
      ...Array(20 - (OPEN - 20)).fill(false),
    ]);
    const third = await list(`${query}&page=3`);
    expect(third.data).toHaveLength(OPEN + CLOSED - 40);
    expect(await list(`${query}&page=4`)).toMatchObject({ data: [], total: OPEN + CLOSED });
    const whole = [...first.data, ...second.data, ...third.data];
    expect(new Set(ids({ ...first, data: whole })).size).toBe(OPEN + CLOSED);
    expect(ids({ ...first, data: whole })).toEqual(queueOrder(whole));
    // Any page size cuts the same list, wherever its pages fall on the boundary: 7 (mid-page), 25 (on it), 1, 100.
    for (const size of [7, 25, 1, 100]) {
      const pages = await allPages(query, size);
      expect(pages.flatMap(ids), `pageSize ${size}`).toEqual(ids({ ...first, data: whole }));
      expect(pages.every((p) => p.total === OPEN + CLOSED && p.pageSize === size)).toBe(true);
    }
  });

  it('answers the open requests alone most urgent and oldest first, and one closed status newest first', async () => {
    const open = await allPages('status=PENDING,IN_PROGRESS', 10);
    const rows = open.flatMap((p) => p.data);
    expect(rows).toHaveLength(OPEN);
    expect(open[0]).toMatchObject({ total: OPEN, totalCapped: false });
    expect(rows.map((r) => r.id)).toEqual(queueOrder(rows));
    const completed = await allPages('status=COMPLETED', 6);
    const done = completed.flatMap((p) => p.data);
    expect(done).toHaveLength(CLOSED / 2);
    expect(done.every((r) => r.status === 'COMPLETED')).toBe(true);
    expect(done.map((r) => r.id)).toEqual(queueOrder(done));
    expect(completed[0]?.total).toBe(CLOSED / 2);
    // Named twice, a status is still that status: the closed ones asked for, not the whole closed side.
    expect(await list('status=COMPLETED,completed,REJECTED&pageSize=1')).toMatchObject({ total: CLOSED, totalCapped: false });
  });

  it('pages a priority and a search across both parts, counted exactly', async () => {
    const query = 'status=PENDING,IN_PROGRESS,COMPLETED,REJECTED&priority=HIGH';
    const pages = await allPages(query, 4);
    const rows = pages.flatMap((p) => p.data);
    const openHigh = rows.filter((r) => r.status === 'PENDING' || r.status === 'IN_PROGRESS').length;
    expect(openHigh).toBeGreaterThan(0);
    expect(rows).toHaveLength(openHigh + CLOSED);
    expect(rows.every((r) => r.priority === 'HIGH')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(queueOrder(rows));
    expect(pages[0]?.total).toBe(rows.length);
    // The open requests' packages hold a lamp one in three: the search pages them, the closed ones' shoes stay out.
    const lamps = await allPages('q=lamp', 3);
    const found = lamps.flatMap((p) => p.data);
    expect(found.length).toBe(Math.floor(OPEN / 3));
    expect(found.every((r) => r.content === 'Desk lamp')).toBe(true);
    expect(lamps[0]).toMatchObject({ total: found.length, totalCapped: false });
  });

  it('gives each row of a page its customer, package and shelf', async () => {
    const [next] = (await list('pageSize=1')).data;
    expect(next).toMatchObject({
      customerName: 'Test user',
      lockerNumber: s.alice.locker,
      status: expect.stringMatching(/^(PENDING|IN_PROGRESS)$/),
      priority: 'URGENT',
      attachmentCount: 0,
      imagePath: null,
    });
    expect(next?.location).toMatch(/^C-0\d$/);
    expect(next?.shipmentId).toMatch(/^HBX\d+$/);
  });

  it('counts every status past the cap as "at least the cap", and answers its pages past the cap', async () => {
    expect(await list('')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(await list('status=CANCELLED&pageSize=1')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    // The whole queue holds OPEN + CLOSED + CANCELLED requests; the page of 100 after the cap's 100 pages holds the
    // last (OPEN + CLOSED + 5) of them, the oldest cancelled ones.
    const past = await list(`pageSize=100&page=${LIST_COUNT_CAP / 100 + 1}`);
    expect(past).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: LIST_COUNT_CAP / 100 + 1 });
    expect(past.data).toHaveLength(OPEN + CLOSED + 5);
    expect(past.data.every((r) => r.status === 'CANCELLED')).toBe(true);
    expect(past.data.map((r) => r.id)).toEqual(queueOrder(past.data));
    expect(await list(`pageSize=100&page=${LIST_COUNT_CAP / 100 + 2}`)).toMatchObject({ data: [], totalCapped: true });
  });

  it("refuses bad page parameters and an unknown status with the contracts' messages, 400", async () => {
    const get = (query: string) => s.t.app.inject({ method: 'GET', url: `/api/staff/photo-requests?${query}`, headers: s.staff });
    const rule = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
    expectError(await get('pageSize=0'), 400, rule, 'pageSize');
    expectError(await get(`pageSize=${PAGE_SIZE_MAX + 1}`), 400, rule, 'pageSize');
    expectError(await get('pageSize=ten'), 400, rule, 'pageSize');
    for (const page of ['0', '-1', '1.5', 'two', '1000001']) {
      const res = await get(`page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'page' });
    }
    const status = `Status must be one of: ${PHOTO_REQUEST_STATUSES.join(', ')}`;
    expectError(await get('status=PENDING,LOST'), 400, status, 'status');
    expectError(await get(`status=${'PENDING,'.repeat(40)}PENDING`), 400, status, 'status');
  });
});

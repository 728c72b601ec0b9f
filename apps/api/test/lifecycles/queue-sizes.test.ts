import { OPEN_PHOTO_REQUEST_STATUSES } from '@hopbox/contracts/photo-request-statuses';
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CountedQueue } from '../../src/db/paging.ts';
import { packages, photoRequests, queueCounts } from '../../src/db/schema.ts';
import { type Headers, newPhotoRequest, receiveBody, receivePackage, requestPhotos, staffMovePhotoRequest, useTestApp } from '../helper.ts';

/**
 * Issue "Speed at scale": the open photo queue and the unidentified parcels are counted from a size the database keeps
 * as their rows change (decision 091), so the size must follow every way a row enters or leaves a queue: the API's
 * moves, SQL written by hand, a transaction rolled back, requests made at the same moment.
 */
describe("the warehouse queues' kept sizes", () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    return { staff, customer: await t.customer(), other: await t.customer() };
  });

  const kept = async (queue: CountedQueue) => {
    const [row] = await s.t.db.select({ size: queueCounts.size }).from(queueCounts).where(eq(queueCounts.queue, queue));
    return row?.size;
  };
  /** What the queue holds, counted row by row: what the kept size must always equal. */
  const counted = async (queue: CountedQueue) => {
    const [row] =
      queue === 'open_photo_requests'
        ? await s.t.db
            .select({ n: count() })
            .from(photoRequests)
            .where(inArray(photoRequests.status, [...OPEN_PHOTO_REQUEST_STATUSES]))
        : await s.t.db.select({ n: count() }).from(packages).where(isNull(packages.userId));
    return row?.n;
  };
  /** The size the list answers, checked against the kept row and the rows themselves. */
  async function listedSize(queue: CountedQueue) {
    const url =
      queue === 'open_photo_requests'
        ? '/api/staff/photo-requests?status=PENDING,IN_PROGRESS&pageSize=1'
        : '/api/staff/unidentified-packages?pageSize=1';
    const res = await s.t.app.inject({ method: 'GET', url, headers: s.staff });
    expect(res.statusCode, res.body).toBe(200);
    const total = res.json().total as number;
    expect(total).toBe(await counted(queue));
    expect(await kept(queue)).toBe(total);
    return total;
  }
  const inject = (method: 'POST', url: string, headers: Headers, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('the open photo queue grows with each request, keeps its size while one is in progress, and shrinks as each is closed', async () => {
    const before = await listedSize('open_photo_requests');
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => newPhotoRequest(s.t, s.staff, s.customer)));
    if (!first || !second || !third || !fourth) throw new Error('four requests');
    expect(await listedSize('open_photo_requests')).toBe(before + 4);

    for (const request of [first, second]) {
      const res = await staffMovePhotoRequest(s.t, s.staff, request.id, { status: 'IN_PROGRESS' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await listedSize('open_photo_requests')).toBe(before + 4);

    expect((await staffMovePhotoRequest(s.t, s.staff, first.id, { status: 'COMPLETED' })).statusCode).toBe(200);
    expect((await staffMovePhotoRequest(s.t, s.staff, second.id, { status: 'REJECTED' })).statusCode).toBe(200);
    expect((await inject('POST', `/api/user/photo-requests/${third.id}/cancel`, s.customer.headers)).statusCode).toBe(200);
    expect(await listedSize('open_photo_requests')).toBe(before + 1);
    // A move refused (a closed request cannot close again) changes nothing.
    expect((await staffMovePhotoRequest(s.t, s.staff, first.id, { status: 'REJECTED' })).statusCode).toBe(409);
    expect(await listedSize('open_photo_requests')).toBe(before + 1);
  });

  it('requests made at the same moment by many customers are each counted once', async () => {
    const before = await listedSize('open_photo_requests');
    const customers = await Promise.all(Array.from({ length: 6 }, () => s.t.customer()));
    const received = await Promise.all(customers.map((c) => receivePackage(s.t, s.staff, c.locker)));
    await Promise.all(customers.map((c, i) => requestPhotos(s.t, c.headers, (received[i] as { id: number }).id)));
    expect(await listedSize('open_photo_requests')).toBe(before + 6);
  });

  it('follows rows written, reopened and deleted by SQL, and ignores a transaction rolled back', async () => {
    const before = await listedSize('open_photo_requests');
    const pkg = await receivePackage(s.t, s.staff, s.other.locker);
    const [closed] = await s.t.db
      .insert(photoRequests)
      .values({ userId: s.other.id, packageId: pkg.id, status: 'COMPLETED' })
      .returning({ id: photoRequests.id });
    if (!closed) throw new Error('inserted');
    expect(await listedSize('open_photo_requests')).toBe(before);
    await s.t.db.execute(sql`update photo_requests set status = 'PENDING' where id = ${closed.id}::int`);
    expect(await listedSize('open_photo_requests')).toBe(before + 1);
    await expect(
      s.t.db.transaction(async (tx) => {
        await tx.execute(sql`update photo_requests set status = 'CANCELLED' where id = ${closed.id}::int`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listedSize('open_photo_requests')).toBe(before + 1);
    await s.t.db.execute(sql`delete from photo_requests where id = ${closed.id}::int`);
    expect(await listedSize('open_photo_requests')).toBe(before);
  });

  it('a size lost (rows written with the triggers off) is counted again from the rows by queue_counts_recount()', async () => {
    await newPhotoRequest(s.t, s.staff, s.customer);
    await s.t.db.update(queueCounts).set({ size: 0 });
    expect(await kept('open_photo_requests')).toBe(0);
    await s.t.db.execute(sql`select queue_counts_recount()`);
    expect(await listedSize('open_photo_requests')).toBeGreaterThan(0);
    await listedSize('unidentified_packages');
  });

  it('the unidentified parcels grow with each parcel received without a locker and shrink as each is assigned or claimed', async () => {
    const before = await listedSize('unidentified_packages');
    const receive = async (externalTrackingNumber: string) => {
      const res = await inject('POST', '/api/staff/packages', s.staff, receiveBody('', { externalTrackingNumber }));
      expect(res.statusCode, res.body).toBe(201);
      return { id: (res.json().data as { id: number }).id, externalTrackingNumber };
    };
    const [assigned, claimed] = await Promise.all([receive(`1ZQS${Date.now()}A`), receive(`1ZQS${Date.now()}B`)]);
    if (!assigned || !claimed) throw new Error('two parcels');
    // A parcel received into a locker is not unidentified.
    await receivePackage(s.t, s.staff, s.customer.locker);
    expect(await listedSize('unidentified_packages')).toBe(before + 2);

    const assign = await inject('POST', `/api/staff/unidentified-packages/${assigned.id}/assign`, s.staff, {
      lockerNumber: s.customer.locker,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(await listedSize('unidentified_packages')).toBe(before + 1);
    const wrong = await inject('POST', `/api/user/unidentified-packages/${claimed.id}/claim`, s.other.headers, {
      trackingNumber: 'GUESS12345',
    });
    expect(wrong.json().code).toBe('TRACKING_MISMATCH');
    expect(await listedSize('unidentified_packages')).toBe(before + 1);
    const claim = await inject('POST', `/api/user/unidentified-packages/${claimed.id}/claim`, s.other.headers, {
      trackingNumber: claimed.externalTrackingNumber,
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await listedSize('unidentified_packages')).toBe(before);

    // By SQL: a parcel taken out of its locker again, one deleted, and a change rolled back.
    await s.t.db.execute(sql`update packages set user_id = null, locker_number = null where id = ${assigned.id}::int`);
    expect(await listedSize('unidentified_packages')).toBe(before + 1);
    await expect(
      s.t.db.transaction(async (tx) => {
        await tx.execute(
          sql`update packages set user_id = ${s.customer.id}::int, locker_number = ${s.customer.locker}::text where id = ${assigned.id}::int`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listedSize('unidentified_packages')).toBe(before + 1);
    await s.t.db.execute(sql`delete from packages where id = ${assigned.id}::int`);
    expect(await listedSize('unidentified_packages')).toBe(before);
  });
});

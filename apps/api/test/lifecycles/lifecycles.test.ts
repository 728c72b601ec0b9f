import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import {
  CLAIM_LIFECYCLE,
  CLAIM_STATUSES,
  CONSOLIDATION_LIFECYCLE,
  CONSOLIDATION_STATUSES,
  canMove,
  PACKAGE_LEFT_STATUSES,
  PACKAGE_LIFECYCLE,
  PACKAGE_REQUEST_LIFECYCLE,
  PACKAGE_REQUEST_STATUSES,
  PACKAGE_STATUSES,
  type PackageLeftStatus,
  packageStatusOf,
} from '@hopbox/contracts/lifecycles';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import {
  PHOTO_REQUEST_LIFECYCLE,
  PHOTO_REQUEST_STATUSES,
  type PhotoRequestStatus,
  STAFF_PHOTO_REQUEST_TRANSITIONS,
} from '@hopbox/contracts/photo-requests';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claims, outboxMessages, packageRequests, packages, photoRequests, shipments } from '../../src/db/schema.ts';
import { moveClaim } from '../../src/modules/claims/claims-repository.ts';
import { moveOutOfLocker, moveRequest } from '../../src/modules/package-requests/package-requests-repository.ts';
import { moveIntoLocker } from '../../src/modules/packages/arrivals-repository.ts';
import { movePackagesIntoShipment } from '../../src/modules/packages/packages-repository.ts';
import { moveStatus } from '../../src/modules/photo-requests/photo-requests-repository.ts';
import { moveConsolidation } from '../../src/modules/shipments/shipments-repository.ts';
import {
  createConsolidation,
  insertShipment,
  newPhotoRequest,
  PACKED_BOX,
  receivePackage,
  staffAndCustomerAtHome,
  staffMovePhotoRequest,
  staffUpdatePhotoRequest,
  staffUpdateShipment,
  staffUploadPhoto,
  useTestApp,
} from '../helper.ts';

const pairsOf = <S extends string>(statuses: readonly S[]) => statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

/**
 * Issue "Exactly once, in one place", lifecycles as tables: the consolidation, package and photo request tables
 * decide every move (the shipment's and the payment's have their own suites); for every (from, to) pair the one
 * guarded move answers exactly what the table says, through the repository and through HTTP.
 */
describe('lifecycles as tables', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, staffAndCustomerAtHome);
  const staffPut = (id: number, payload: Record<string, unknown>) => staffUpdateShipment(s.t, s.staff, id, payload);

  async function consolidation() {
    const a = await receivePackage(s.t, s.staff, s.customer.locker);
    const b = await receivePackage(s.t, s.staff, s.customer.locker);
    return createConsolidation(s.t, s.customer.headers, [a, b], s.home);
  }
  const packingOf = async (id: number) =>
    (await s.t.db.select({ status: shipments.consolidationStatus }).from(shipments).where(eq(shipments.id, id)))[0]?.status;

  describe('consolidation: every (from, to) pair through the one move', () => {
    it.each(pairsOf(CONSOLIDATION_STATUSES))('%s → %s', async (from, to) => {
      const { id } = await consolidation();
      await s.t.db.execute(sql`update shipments set consolidation_status = ${from} where id = ${id}`);
      const moved = await moveConsolidation(s.t.db, id, from, to);
      expect(moved !== undefined).toBe(canMove(CONSOLIDATION_LIFECYCLE, from, to));
      expect(await packingOf(id)).toBe(moved ? to : from);
    });
  });

  it('moves a consolidation only from the status it has now: a second move from a stale status is 409 INVALID_TRANSITION', async () => {
    const { id } = await consolidation();
    expect(await moveConsolidation(s.t.db, id, 'Pending', 'In Progress')).toBeDefined();
    expect(await moveConsolidation(s.t.db, id, 'Pending', 'Completed')).toBeUndefined();
    expect(await packingOf(id)).toBe('In Progress');
    // Over HTTP, two staff members moving it at once: both answers are the one error shape or 200, never a lost update.
    const answers = await Promise.all([
      staffPut(id, { consolidationStatus: 'Pending' }),
      staffPut(id, { consolidationStatus: 'Completed' }),
    ]);
    for (const res of answers) {
      if (res.statusCode === 200) continue;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_TRANSITION', field: 'consolidationStatus' });
    }
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
  });

  it('answers every consolidation move over HTTP as the table says, and none once it is paid for', async () => {
    for (const [from, to] of pairsOf(CONSOLIDATION_STATUSES)) {
      const { id } = await consolidation();
      await s.t.db.execute(sql`update shipments set consolidation_status = ${from} where id = ${id}`);
      const res = await staffPut(id, { consolidationStatus: to });
      expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(from === to || canMove(CONSOLIDATION_LIFECYCLE, from, to) ? 200 : 409);
      expect(await packingOf(id)).toBe(to);
    }
    const { id } = await consolidation();
    expect((await staffPut(id, { readyToShip: true, ...PACKED_BOX })).statusCode).toBe(200);
    await s.t.db.execute(sql`update shipments set payment_status = 'Paid', shipment_status = 'Finalized' where id = ${id}`);
    for (const to of ['Pending', 'In Progress'] as const) {
      const res = await staffPut(id, { consolidationStatus: to });
      expect(res.statusCode, res.body).toBe(409);
      expect(await packingOf(id)).toBe('Completed');
    }
    expect(await moveConsolidation(s.t.db, id, 'Completed', 'In Progress')).toBeUndefined();
  });

  /** An empty shipment row of the customer's, as the shipments module inserts one before moving packages in. */
  const emptyShipment = (tag: string) =>
    insertShipment(s.t, s.customer.id, { shipmentId: `SHPLIFE${tag}`, totalWeight: '1', shipmentStatus: 'Pending' });

  const isLeft = (status: string): status is PackageLeftStatus => (PACKAGE_LEFT_STATUSES as readonly string[]).includes(status);

  describe('package: every (from, to) pair of a received package through the one move', () => {
    // EXPECTED is a pre-alert with no package yet: its one move, the fulfilment, is tested in test/packages/arrivals.test.ts.
    const received = PACKAGE_STATUSES.filter((status) => status !== 'EXPECTED');
    it.each(pairsOf(received))('%s → %s', async (from, to) => {
      const pkg =
        from === 'UNIDENTIFIED'
          ? await receivePackage(s.t, s.staff, '', { externalTrackingNumber: null })
          : await receivePackage(s.t, s.staff, s.customer.locker);
      if (from === 'IN_SHIPMENT') await movePackagesIntoShipment(s.t.db, s.customer.id, [pkg.id], await emptyShipment(`${pkg.id}A`));
      if (isLeft(from)) await moveOutOfLocker(s.t.db, pkg.id, from, new Date());
      const statusNow = async () => packageStatusOf((await s.t.db.select().from(packages).where(eq(packages.id, pkg.id)))[0] as never);
      expect(await statusNow()).toBe(from);
      // The moves there are: into a locker, into a shipment and out of the locker by a package request; staying put
      // is no move, and nothing moves back.
      const owner = { id: s.customer.id, lockerNumber: s.customer.locker };
      const moved =
        to === 'IN_SHIPMENT'
          ? (await movePackagesIntoShipment(s.t.db, s.customer.id, [pkg.id], await emptyShipment(`${pkg.id}B`))).length === 1
          : to === 'IN_LOCKER'
            ? await moveIntoLocker(s.t.db, pkg.id, owner, 0, new Date())
            : isLeft(to)
              ? await moveOutOfLocker(s.t.db, pkg.id, to, new Date())
              : false;
      expect(moved).toBe(canMove(PACKAGE_LIFECYCLE, from, to));
      expect(await statusNow()).toBe(moved ? to : from);
    });
  });

  it('puts a package in one shipment only: of two shipments asked for at once, one is made', async () => {
    const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
    const other = await receivePackage(s.t, s.staff, s.customer.locker);
    const [a, b] = await Promise.allSettled([
      createConsolidation(s.t, s.customer.headers, [pkg, other], s.home),
      createConsolidation(s.t, s.customer.headers, [pkg, other], s.home),
    ]);
    const made = [a, b].filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(1);
    const rows = await s.t.db.select({ shipmentId: packages.shipmentId }).from(packages).where(eq(packages.id, pkg.id));
    expect(rows[0]?.shipmentId).not.toBeNull();
  });

  describe('package request: every (from, to) pair through the one move', () => {
    it.each(pairsOf(PACKAGE_REQUEST_STATUSES))('%s → %s', async (from, to) => {
      const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
      const asked = await s.t.app.inject({
        method: 'POST',
        url: `/api/user/received-packages/${pkg.id}/requests`,
        headers: s.customer.headers,
        payload: { type: 'REPACK' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().data.id as number;
      await s.t.db.update(packageRequests).set({ status: from }).where(eq(packageRequests.id, id));
      const moved = await moveRequest(s.t.db, id, from, to);
      expect(moved).toBe(canMove(PACKAGE_REQUEST_LIFECYCLE, from, to));
      const [row] = await s.t.db.select({ status: packageRequests.status }).from(packageRequests).where(eq(packageRequests.id, id));
      expect(row?.status).toBe(moved ? to : from);
    });
  });

  describe('claim: every (from, to) pair through the one move, and the database refuses a status outside the table', () => {
    it.each(pairsOf(CLAIM_STATUSES))('%s → %s', async (from, to) => {
      const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
      const [row] = await s.t.db
        .insert(claims)
        .values({ userId: s.customer.id, packageId: pkg.id, type: 'WRONG_WEIGHT', description: 'Pairs', amountMinor: 0, status: from })
        .returning({ id: claims.id });
      const id = row?.id as number;
      const moved = await moveClaim(s.t.db, id, from, to);
      expect(moved).toBe(canMove(CLAIM_LIFECYCLE, from, to));
      const [after] = await s.t.db.select({ status: claims.status }).from(claims).where(eq(claims.id, id));
      expect(after?.status).toBe(moved ? to : from);
    });

    it('refuses a status the lifecycle does not have', async () => {
      const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
      await expect(
        s.t.db
          .insert(claims)
          .values({ userId: s.customer.id, packageId: pkg.id, type: 'LOST', description: 'x', amountMinor: 1, status: 'DONE' }),
      ).rejects.toThrow();
    });
  });

  describe('photo request: every (from, to) pair through the one move', () => {
    it.each(pairsOf(PHOTO_REQUEST_STATUSES))('%s → %s', async (from, to) => {
      const request = await newPhotoRequest(s.t, s.staff, s.customer);
      await s.t.db.update(photoRequests).set({ status: from }).where(eq(photoRequests.id, request.id));
      const moved = await moveStatus(s.t.db, request.id, from, to);
      expect(moved).toBe(from === to || canMove(PHOTO_REQUEST_LIFECYCLE, from, to));
      const [row] = await s.t.db.select({ status: photoRequests.status }).from(photoRequests).where(eq(photoRequests.id, request.id));
      expect(row?.status).toBe(moved ? to : from);
    });
  });

  it('answers a staff photo move the table does not allow with 409 INVALID_TRANSITION, and mails nothing', async () => {
    const closed: PhotoRequestStatus[] = ['COMPLETED', 'REJECTED', 'CANCELLED'];
    for (const from of closed) {
      const request = await newPhotoRequest(s.t, s.staff, s.customer);
      await staffUploadPhoto(s.t, s.staff, request.id);
      await s.t.db.update(photoRequests).set({ status: from, staffNotes: 'Closed' }).where(eq(photoRequests.id, request.id));
      for (const to of PHOTO_REQUEST_STATUSES.filter((t) => t !== from && t !== 'CANCELLED')) {
        const res = await staffUpdatePhotoRequest(s.t, s.staff, request.id, { status: to, notes: 'Trying again' });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ success: false, code: 'INVALID_TRANSITION', message: photoRequestMessages.photoRequestFinal });
      }
    }
    const inProgress = await newPhotoRequest(s.t, s.staff, s.customer);
    expect((await staffMovePhotoRequest(s.t, s.staff, inProgress.id, { status: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect(STAFF_PHOTO_REQUEST_TRANSITIONS.IN_PROGRESS).not.toContain('PENDING');
    const back = await staffMovePhotoRequest(s.t, s.staff, inProgress.id, { status: 'PENDING' });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: photoRequestMessages.photoRequestMove('IN_PROGRESS', 'PENDING'),
    });
    // The customer cannot cancel a request a photographer took.
    const cancel = await s.t.app.inject({
      method: 'POST',
      url: `/api/user/photo-requests/${inProgress.id}/cancel`,
      headers: s.customer.headers,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: photoRequestMessages.photoRequestNotCancellable });
    const ready = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'photosReady'));
    expect(ready).toHaveLength(0);
  });

  it('mails "photos ready" once when two photographers complete the same request at once', async () => {
    const request = await newPhotoRequest(s.t, s.staff, s.customer);
    await staffUploadPhoto(s.t, s.staff, request.id);
    const put = () =>
      s.t.app.inject({ method: 'PUT', url: `/api/staff/photo-requests/${request.id}`, headers: s.staff, payload: { status: 'COMPLETED' } });
    const answers = await Promise.all([put(), put()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ready = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'photosReady'));
    expect(ready).toHaveLength(1);
  });

  it('keeps the consolidation messages naming from and to', () => {
    expect(lifecycleMessages.consolidations.invalidMove('Completed', 'Pending')).toContain('Completed');
    expect(lifecycleMessages.consolidations.invalidMove('Completed', 'Pending')).toContain('Pending');
  });
});

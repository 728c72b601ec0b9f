import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, shipments } from '../../src/db/schema.ts';
import type { Headers, TestCustomer } from '../helper.ts';
import { buildTestApp, receivePackage, type TestApp } from '../helper.ts';

describe('dashboard: received packages and photo requests count real data', () => {
  let t: TestApp;
  let staff: Headers;
  let me: TestCustomer;
  let neighbour: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = (await t.userWithToken('staff')).headers;
    me = await t.customer();
    neighbour = await t.customer();
  });
  afterAll(() => t.close());

  const counts = async (headers: Headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data as { receivedPackages: number; photoRequests: number; shipmentsInProgress: number; sentShipments: number };
  };
  const lockerLength = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers })).json().data.length as number;
  const statsTotal = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/photo-requests/stats', headers })).json().data.total as number;

  it('starts at zero for a new customer', async () => {
    expect(await counts(me.headers)).toEqual({ receivedPackages: 0, shipmentsInProgress: 0, sentShipments: 0, photoRequests: 0 });
  });

  it('counts the packages staff receive into the locker, and only this customer’s', async () => {
    const a = await receivePackage(t, staff, me.locker);
    await receivePackage(t, staff, me.locker);
    await receivePackage(t, staff, me.locker);
    await receivePackage(t, staff, neighbour.locker);
    expect((await counts(me.headers)).receivedPackages).toBe(3);
    expect((await counts(neighbour.headers)).receivedPackages).toBe(1);
    expect(await lockerLength(me.headers)).toBe(3);

    // A package put in a shipment leaves the locker and the count, like the Received Packages list.
    const [s] = await t.db
      .insert(shipments)
      .values({
        shipmentId: `SHPDASH${a.id}`,
        userId: me.id,
        origin: a.origin,
        address: 'Street 1',
        city: 'Dubai',
        country: 'United Arab Emirates',
        totalWeight: '1',
        shipmentStatus: 'Draft',
      })
      .returning({ id: shipments.id });
    await t.db.update(packages).set({ shipmentId: s?.id }).where(eq(packages.id, a.id));
    expect((await counts(me.headers)).receivedPackages).toBe(2);
    expect(await lockerLength(me.headers)).toBe(2);
  });

  it('counts the customer’s photo requests, whatever their status', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: me.headers })).json().data as {
      id: number;
    }[];
    const ids = list.map((p) => p.id);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${id}`, headers: me.headers });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await counts(me.headers)).photoRequests).toBe(2);
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/user/photo-requests', headers: me.headers })).json().data as {
      id: number;
      packageId: number;
    }[];
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/user/photo-requests/${first?.id}/cancel`, headers: me.headers });
    expect(cancelled.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${first?.packageId}`, headers: me.headers });
    expect(again.statusCode).toBe(201);
    expect((await counts(me.headers)).photoRequests).toBe(3);
    expect(await statsTotal(me.headers)).toBe(3);
    expect((await counts(neighbour.headers)).photoRequests).toBe(0);
  });
});

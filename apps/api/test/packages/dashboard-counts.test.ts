import { describe, expect, it } from 'vitest';
import type { Headers } from '../helper.ts';
import { putInShipment, receivePackage, useTestApp } from '../helper.ts';

describe('dashboard: received packages and photo requests count real data', () => {
  const s = useTestApp(async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
    me: await t.customer(),
    neighbour: await t.customer(),
  }));

  const counts = async (headers: Headers) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data as { receivedPackages: number; photoRequests: number; shipmentsInProgress: number; sentShipments: number };
  };
  const lockerLength = async (headers: Headers) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers })).json().data.length as number;
  const statsTotal = async (headers: Headers) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/photo-requests/stats', headers })).json().data.total as number;

  it('starts at zero for a new customer', async () => {
    expect(await counts(s.me.headers)).toMatchObject({
      receivedPackages: 0,
      shipmentsInProgress: 0,
      sentShipments: 0,
      photoRequests: 0,
      readyToPay: 0,
      readyToPayShipmentId: null,
    });
  });

  it('counts the packages staff receive into the locker, and only this customer’s', async () => {
    const a = await receivePackage(s.t, s.staff, s.me.locker);
    await receivePackage(s.t, s.staff, s.me.locker);
    await receivePackage(s.t, s.staff, s.me.locker);
    await receivePackage(s.t, s.staff, s.neighbour.locker);
    expect((await counts(s.me.headers)).receivedPackages).toBe(3);
    expect((await counts(s.neighbour.headers)).receivedPackages).toBe(1);
    expect(await lockerLength(s.me.headers)).toBe(3);

    // A package put in a shipment leaves the locker and the count, like the Received Packages list.
    await putInShipment(s.t, a, s.me.id, 'Pending');
    expect((await counts(s.me.headers)).receivedPackages).toBe(2);
    expect(await lockerLength(s.me.headers)).toBe(2);
  });

  it('counts the customer’s photo requests, whatever their status', async () => {
    const list = (await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: s.me.headers })).json().data as {
      id: number;
    }[];
    const ids = list.map((p) => p.id);
    for (const id of ids) {
      const res = await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${id}`, headers: s.me.headers });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await counts(s.me.headers)).photoRequests).toBe(2);
    const [first] = (await s.t.app.inject({ method: 'GET', url: '/api/user/photo-requests', headers: s.me.headers })).json().data as {
      id: number;
      packageId: number;
    }[];
    const cancelled = await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/${first?.id}/cancel`, headers: s.me.headers });
    expect(cancelled.statusCode).toBe(200);
    const again = await s.t.app.inject({
      method: 'POST',
      url: `/api/user/photo-requests/create/${first?.packageId}`,
      headers: s.me.headers,
    });
    expect(again.statusCode).toBe(201);
    expect((await counts(s.me.headers)).photoRequests).toBe(3);
    expect(await statsTotal(s.me.headers)).toBe(3);
    expect((await counts(s.neighbour.headers)).photoRequests).toBe(0);
  });
});

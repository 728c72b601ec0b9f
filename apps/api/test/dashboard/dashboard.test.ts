import { type DashboardSummary, monthStarts } from '@hopbox/contracts/dashboard';
import { messages } from '@hopbox/contracts/messages';
import { describe, expect, it } from 'vitest';
import { packages, photoRequests } from '../../src/db/schema.ts';
import { expectError, insertShipment, type TestApp, useTestApp } from '../helper.ts';

describe('GET /api/user/dashboard', () => {
  const s = useTestApp();
  let seq = 0;

  type Customer = Awaited<ReturnType<TestApp['userWithToken']>>;

  async function addShipment(
    owner: Customer,
    values: {
      isConsolidated: boolean;
      shipmentStatus: string;
      readyToShip?: boolean;
      paymentStatus?: string;
      createdAt?: Date;
      orderDate?: Date | null;
    },
  ) {
    seq++;
    return insertShipment(s.t, owner.user.id, { shipmentId: `SHP-DASH-${seq}`, ...values });
  }

  async function addPackage(owner: Customer, shipmentId: number | null = null, receivedDate?: Date) {
    seq++;
    const [row] = await s.t.db
      .insert(packages)
      .values({
        hopboxId: `HBX${9000000 + seq}`,
        userId: owner.user.id,
        lockerNumber: owner.user.lockerNumber ?? '',
        shipmentId,
        shipper: 'Amazon',
        packageContent: 'Books',
        origin: 'United States',
        ...(receivedDate ? { receivedDate } : {}),
      })
      .returning({ id: packages.id });
    return row?.id as number;
  }

  async function addPhotoRequest(owner: Customer, packageId: number, status = 'PENDING', requestedDate?: Date) {
    await s.t.db.insert(photoRequests).values({ userId: owner.user.id, packageId, status, ...(requestedDate ? { requestedDate } : {}) });
  }

  /** Gives a customer the rows behind each card; the numbers differ per customer so a mix-up shows. */
  async function fill(owner: Customer, counts: { received: number; inProgress: number; sent: number; photos: number }) {
    const received: number[] = [];
    for (let i = 0; i < counts.received; i++) received.push(await addPackage(owner));
    for (let i = 0; i < counts.inProgress; i++) {
      const shipment = await addShipment(owner, { isConsolidated: true, shipmentStatus: 'Pending' });
      // Packages inside a shipment are no longer "received" packages waiting in the locker.
      await addPackage(owner, shipment);
      await addPackage(owner, shipment);
    }
    const sentStatuses = ['Finalized', 'Processed', 'Shipped', 'Delivered'];
    for (let i = 0; i < counts.sent; i++) {
      const shipment = await addShipment(owner, { isConsolidated: i % 2 === 0, shipmentStatus: sentStatuses[i % 4] as string });
      await addPackage(owner, shipment);
    }
    for (let i = 0; i < counts.photos; i++) {
      const packageId = received[i];
      if (packageId === undefined) throw new Error('a photo request needs a received package');
      await addPhotoRequest(owner, packageId, i === 0 ? 'COMPLETED' : 'PENDING');
    }
  }

  type Counts = { receivedPackages: number; shipmentsInProgress: number; sentShipments: number; photoRequests: number };
  const nothingToPay: { readyToPay: number; readyToPayShipmentId: string | null } = { readyToPay: 0, readyToPayShipmentId: null };
  async function summary(owner: Customer) {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data as DashboardSummary;
  }
  /** Asks the dashboard as the customer and expects 200 with exactly these counts (and nothing ready to pay unless said). */
  async function expectCounts(owner: Customer, data: Counts & Partial<typeof nothingToPay>) {
    const { trends: _trends, hasReceivedPackage: _received, storage: _storage, accountBalance: _balance, ...counts } = await summary(owner);
    expect(counts).toEqual({ ...nothingToPay, ...data });
  }

  it("counts only the signed-in customer's own packages, shipments and photo requests", async () => {
    const alice = await s.t.userWithToken('user');
    const bob = await s.t.userWithToken('user');
    await fill(alice, { received: 3, inProgress: 2, sent: 4, photos: 2 });
    await fill(bob, { received: 5, inProgress: 1, sent: 0, photos: 3 });

    await expectCounts(alice, { receivedPackages: 3, shipmentsInProgress: 2, sentShipments: 4, photoRequests: 2 });
    await expectCounts(bob, { receivedPackages: 5, shipmentsInProgress: 1, sentShipments: 0, photoRequests: 3 });
  });

  it('does not count a single-package shipment still pending as consolidation in progress', async () => {
    const carol = await s.t.userWithToken('user');
    const single = await addShipment(carol, { isConsolidated: false, shipmentStatus: 'Pending' });
    await addPackage(carol, single);
    await expectCounts(carol, { receivedPackages: 0, shipmentsInProgress: 0, sentShipments: 0, photoRequests: 0 });
  });

  it('counts the consolidations packed and ready to pay, naming the oldest, for the banner', async () => {
    const dan = await s.t.userWithToken('user');
    const eve = await s.t.userWithToken('user');
    const ready = { isConsolidated: true, shipmentStatus: 'Pending', readyToShip: true };
    await addShipment(dan, { isConsolidated: true, shipmentStatus: 'Pending' });
    await addShipment(dan, ready);
    const oldest = `SHP-DASH-${seq}`;
    await addShipment(dan, ready);
    await addShipment(dan, { ...ready, shipmentStatus: 'Finalized', paymentStatus: 'Paid' });
    await addShipment(eve, ready);
    await expectCounts(dan, {
      receivedPackages: 0,
      shipmentsInProgress: 3,
      sentShipments: 1,
      photoRequests: 0,
      readyToPay: 2,
      readyToPayShipmentId: oldest,
    });
    await expectCounts(eve, {
      receivedPackages: 0,
      shipmentsInProgress: 1,
      sentShipments: 0,
      photoRequests: 0,
      readyToPay: 1,
      readyToPayShipmentId: `SHP-DASH-${seq}`,
    });
  });

  it("answers the customer's own account balance, 0 before any credit", async () => {
    const frank = await s.t.userWithToken('user');
    const grace = await s.t.userWithToken('user');
    expect((await summary(frank)).accountBalance).toBe(0);
    const staff = (await s.t.userWithToken('staff')).headers;
    const credited = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${frank.user.lockerNumber}/wallet-adjustments`,
      headers: staff,
      payload: { amount: 12.5, reason: 'Goodwill credit' },
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect((await summary(frank)).accountBalance).toBe(12.5);
    expect((await summary(grace)).accountBalance).toBe(0);
  });

  it('answers zeros for a new customer', async () => {
    const fresh = await s.t.userWithToken('user');
    await expectCounts(fresh, { receivedPackages: 0, shipmentsInProgress: 0, sentShipments: 0, photoRequests: 0 });
  });

  describe('trends: this calendar month against last month (decision 031)', () => {
    const months = () => monthStarts(new Date());
    const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
    const noTrend = { thisMonth: 0, lastMonth: 0 };

    it('shows no trend, and not having received a package, for a new customer', async () => {
      const fresh = await s.t.userWithToken('user');
      const data = await summary(fresh);
      expect(data.hasReceivedPackage).toBe(false);
      expect(data.trends).toEqual({
        receivedPackages: noTrend,
        shipmentsInProgress: noTrend,
        sentShipments: noTrend,
        photoRequests: noTrend,
      });
    });

    it("counts each card's rows by their own date, on the month's edges, and only the customer's", async () => {
      const { thisMonth, lastMonth } = months();
      const frank = await s.t.userWithToken('user');
      const grace = await s.t.userWithToken('user');

      // Packages by received date: 3 this month (from its first instant), 2 last month (both edges), 1 before.
      const received = [];
      for (const date of [thisMonth, at(thisMonth, 60_000), at(thisMonth, 3_600_000)]) received.push(await addPackage(frank, null, date));
      await addPackage(frank, null, lastMonth);
      await addPackage(frank, null, at(thisMonth, -1));
      await addPackage(frank, null, at(lastMonth, -1));

      // Consolidations by creation: 1 this month, 2 last month; a single-package shipment is not one.
      await addShipment(frank, { isConsolidated: true, shipmentStatus: 'Pending', createdAt: at(thisMonth, 5_000) });
      await addShipment(frank, { isConsolidated: true, shipmentStatus: 'Finalized', createdAt: lastMonth, orderDate: thisMonth });
      await addShipment(frank, {
        isConsolidated: true,
        shipmentStatus: 'Shipped',
        createdAt: at(lastMonth, 86_400_000),
        orderDate: lastMonth,
      });
      await addShipment(frank, { isConsolidated: false, shipmentStatus: 'Delivered', createdAt: thisMonth, orderDate: at(thisMonth, 1) });
      // Sent by order date (the day paid): the 3 above give 2 this month and 1 last month; unpaid ones have none.
      await addShipment(frank, { isConsolidated: true, shipmentStatus: 'Pending', createdAt: at(lastMonth, -1), orderDate: null });

      // Photo requests by requested date: 1 this month, none last month.
      await addPhotoRequest(frank, received[0] as number, 'PENDING', at(thisMonth, 10_000));
      await addPhotoRequest(frank, received[1] as number, 'COMPLETED', at(lastMonth, -5));

      // Grace's rows fall in the same months and must not show in Frank's figures.
      const hers = await addPackage(grace, null, thisMonth);
      await addPackage(grace, null, lastMonth);
      await addShipment(grace, { isConsolidated: true, shipmentStatus: 'Shipped', createdAt: thisMonth, orderDate: thisMonth });
      await addPhotoRequest(grace, hers, 'PENDING', lastMonth);

      const data = await summary(frank);
      expect(data.hasReceivedPackage).toBe(true);
      expect(data.trends).toEqual({
        receivedPackages: { thisMonth: 3, lastMonth: 2 },
        shipmentsInProgress: { thisMonth: 1, lastMonth: 2 },
        sentShipments: { thisMonth: 2, lastMonth: 1 },
        photoRequests: { thisMonth: 1, lastMonth: 0 },
      });
      expect((await summary(grace)).trends).toEqual({
        receivedPackages: { thisMonth: 1, lastMonth: 1 },
        shipmentsInProgress: { thisMonth: 1, lastMonth: 0 },
        sentShipments: { thisMonth: 1, lastMonth: 0 },
        photoRequests: { thisMonth: 0, lastMonth: 1 },
      });
    });

    it('knows a customer has received a package even when it is older than last month, or already shipped', async () => {
      const { lastMonth } = months();
      const heidi = await s.t.userWithToken('user');
      const shipped = await addShipment(heidi, {
        isConsolidated: false,
        shipmentStatus: 'Delivered',
        createdAt: at(lastMonth, -86_400_000),
      });
      await addPackage(heidi, shipped, at(lastMonth, -2 * 86_400_000));
      const data = await summary(heidi);
      expect(data.receivedPackages).toBe(0);
      expect(data.hasReceivedPackage).toBe(true);
      expect(data.trends.receivedPackages).toEqual(noTrend);
    });
  });

  it('answers 401 without a token or with a bad one', async () => {
    expectError(await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard' }), 401, messages.transport.sessionExpired);
    const bad = await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: { authorization: 'Bearer abc.def.ghi' } });
    expectError(bad, 401, 'Your session has expired. Please sign in again.');
  });
});

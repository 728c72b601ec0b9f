import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import type { ConsolidatedShipment, StaffShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipments } from '../../src/db/schema.ts';
import type { Headers, TestCustomer } from '../helper.ts';
import { addAddress, expectError, PACKED_BOX, receivePackage, shipmentBody, staffUpdateShipment, useTestApp } from '../helper.ts';

const m = messages.shipments;

describe('shipments: consolidating several packages', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const [alice, bob, carol] = [await t.customer(), await t.customer(), await t.customer()];
    const home = await addAddress(t, alice.headers, { label: 'Home', phoneNumber: '+971509998877' });
    await addAddress(t, alice.headers, { label: 'Office', address: 'Tower 3', city: 'Abu Dhabi' });
    await addAddress(t, bob.headers, { label: 'Bob' });
    return { staff, alice, bob, carol, home };
  });

  const receive = (c: TestCustomer, overrides: Record<string, unknown> = {}) => receivePackage(s.t, s.staff, c.locker, overrides);
  const create = (c: TestCustomer, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/shipments', headers: c.headers, payload });
  /** SPEC.md's creation payload: Hopbox IDs and the address fields of the chosen address. */
  const payload = (pkgs: (Package | string | number)[], address: Address = s.home, extra: Record<string, unknown> = {}) =>
    shipmentBody(pkgs, address, { notes: '', isSinglePackage: pkgs.length === 1, shipmentStatus: 'Pending', ...extra });
  const consolidated = async (c: TestCustomer) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: c.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data as ConsolidatedShipment[];
  };
  const sent = async (c: TestCustomer) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: c.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown[];
  };
  const lockerIds = async (c: TestCustomer) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: c.headers });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Package[]).map((p) => p.id);
  };
  const dashboard = async (c: TestCustomer) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: c.headers })).json().data as Record<string, number>;
  const shipmentCount = async (userId: number) => (await s.t.db.select().from(shipments).where(eq(shipments.userId, userId))).length;
  const staffList = async (status: string, headers: Headers = s.staff) =>
    s.t.app.inject({ method: 'GET', url: `/api/staff/shipments?status=${status}`, headers });
  const staffUpdate = (id: number, body: Record<string, unknown>, headers: Headers = s.staff) =>
    staffUpdateShipment(s.t, headers, id, body);

  describe('POST /api/user/shipments with several packages', () => {
    let pkgs: Package[];
    let created: { id: number; shipmentId: string };

    it('creates a Pending consolidation from Hopbox IDs and numeric ids, with the address of the book: 201', async () => {
      pkgs = [
        await receive(s.alice, { packageWeight: 1.25, packageLength: 30, packageBreadth: 20, packageHeight: 10, quantity: 1 }),
        await receive(s.alice, { packageWeight: 2.5, packageLength: 40, packageBreadth: 30, packageHeight: 20, quantity: 2 }),
        await receive(s.alice, { packageWeight: 0.75, packageLength: 20, packageBreadth: 10, packageHeight: 5, quantity: 3 }),
      ];
      const before = await dashboard(s.alice);
      expect(before).toMatchObject({ receivedPackages: 3, shipmentsInProgress: 0, sentShipments: 0 });

      // SPEC.md sends Hopbox IDs; a numeric id is accepted too, and the address is matched whatever its case.
      const [p1, p2, p3] = pkgs as [Package, Package, Package];
      const res = await create(
        s.alice,
        payload([p1.hopboxId.toLowerCase(), p2.id, p3.hopboxId], { ...s.home, city: 'DUBAI' }, { notes: 'Please pack together' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: m.created,
        data: { id: expect.any(Number), shipmentId: expect.stringMatching(/^SHP\d+$/) },
      });
      created = body.data;
      expect(await shipmentCount(s.alice.id)).toBe(1);
    });

    it("lists it in Shipments Progress with SPEC.md's snake_case keys and package_ids as JSON text", async () => {
      const rows = await consolidated(s.alice);
      expect(rows).toHaveLength(1);
      const row = rows[0] as ConsolidatedShipment;
      for (const key of [
        'id',
        'shipment_id',
        'locker_number',
        'customer_name',
        'customer_phone',
        'package_ids',
        'total_weight',
        'origin',
        'ready_to_ship',
        'consolidation_status',
        'created_at',
      ]) {
        expect(row).toHaveProperty(key);
      }
      expect(row).toMatchObject({
        id: created.id,
        shipment_id: created.shipmentId,
        locker_number: s.alice.locker,
        customer_name: 'Test user',
        customer_phone: '+971509998877',
        total_weight: 4.5,
        origin: 'United States of America',
        destination: 'United Arab Emirates',
        ready_to_ship: false,
        consolidation_status: 'Pending',
      });
      expect(typeof row.package_ids).toBe('string');
      expect(JSON.parse(row.package_ids)).toEqual(pkgs.map((p) => p.hopboxId));
      expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
      // Not paid, so not sent.
      expect(await sent(s.alice)).toEqual([]);
    });

    it('takes the packages out of Received Packages and counts the shipment in progress on the dashboard', async () => {
      const locker = await lockerIds(s.alice);
      for (const p of pkgs) expect(locker).not.toContain(p.id);
      expect(await dashboard(s.alice)).toMatchObject({ receivedPackages: 0, shipmentsInProgress: 1, sentShipments: 0 });
    });

    it('refuses a package that is already in a shipment: 409', async () => {
      const fresh = await receive(s.alice);
      const res = await create(s.alice, payload([fresh, pkgs[0] as Package]));
      expectError(res, 409, messages.packages.packageInShipment);
      expect(await shipmentCount(s.alice.id)).toBe(1);
      expect(await lockerIds(s.alice)).toContain(fresh.id);
    });

    it('refuses a consolidation holding Prohibited Items with 409 naming each of them, and creates nothing', async () => {
      const fine = await receive(s.alice);
      const held = [
        await receive(s.alice, { shipmentStatus: 'Prohibited Item' }),
        await receive(s.alice, { shipmentStatus: 'Prohibited Item' }),
      ];
      const res = await create(s.alice, payload([fine, ...held]));
      expectError(res, 409, messages.shipments.prohibited(held.map((p) => p.hopboxId)), 'packages');
      expect(res.json().code).toBe('PACKAGE_PROHIBITED');
      expect(await shipmentCount(s.alice.id)).toBe(1);
      for (const p of [fine, ...held]) expect(await lockerIds(s.alice)).toContain(p.id);
    });

    it("keeps a client's Finalized or Paid claims out: a consolidation is always created Pending and unpaid", async () => {
      const a = await receive(s.alice);
      const b = await receive(s.alice);
      const res = await create(
        s.alice,
        payload([a, b], s.home, { shipmentStatus: 'Finalized', paymentStatus: 'Paid', paymentReference: 'made-up-reference' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await s.t.db.select().from(shipments).where(eq(shipments.id, res.json().data.id));
      expect(row).toMatchObject({ shipmentStatus: 'Pending', paymentStatus: 'Unpaid', paymentReference: null, amount: null });
      expect(await sent(s.alice)).toEqual([]);
      expect(await consolidated(s.alice)).toHaveLength(2);
    });
  });

  describe('refusals', () => {
    it("refuses packages of different origins with SPEC.md's message and creates nothing", async () => {
      const us = await receive(s.alice, { origin: 'United States of America' });
      const de = await receive(s.alice, { origin: 'Germany' });
      const before = await shipmentCount(s.alice.id);
      expectError(await create(s.alice, payload([us, de])), 400, m.differentOrigins, 'packages');
      expect(await shipmentCount(s.alice.id)).toBe(before);
      const locker = await lockerIds(s.alice);
      expect(locker).toEqual(expect.arrayContaining([us.id, de.id]));
    });

    it("answers 404 for another customer's package (by Hopbox ID or id) and creates nothing", async () => {
      const mine = await receive(s.alice);
      const theirs = await receive(s.bob);
      const before = await shipmentCount(s.alice.id);
      expectError(await create(s.alice, payload([mine, theirs])), 404, messages.packages.packageNotFound);
      expectError(await create(s.alice, payload([mine.id, theirs.id])), 404, messages.packages.packageNotFound);
      expectError(await create(s.alice, payload([mine, 'HBX999999'])), 404, messages.packages.packageNotFound);
      expect(await shipmentCount(s.alice.id)).toBe(before);
      expect(await shipmentCount(s.bob.id)).toBe(0);
      expect(await lockerIds(s.bob)).toContain(theirs.id);
    });

    it("answers 'Please select a shipping address' for an address that is not in the book", async () => {
      const a = await receive(s.alice);
      const b = await receive(s.alice);
      const before = await shipmentCount(s.alice.id);
      const stranger = { ...s.home, address: 'Somewhere else 1' };
      expectError(await create(s.alice, payload([a, b], stranger)), 400, m.selectAddress, 'address');
      // Bob's address is not in Alice's book either, by fields or by id.
      const bobs = (await s.t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: s.bob.headers })).json().data[0] as Address;
      expectError(await create(s.alice, { ...payload([a, b], s.home), addressId: bobs.id }), 400, m.selectAddress, 'addressId');
      expectError(await create(s.alice, { packages: [a.hopboxId, b.hopboxId] }), 400, m.selectAddress, 'address');
      expect(await shipmentCount(s.alice.id)).toBe(before);
    });

    it("answers SPEC.md's 'No addresses found…' when the book is empty", async () => {
      const a = await receive(s.carol);
      const b = await receive(s.carol);
      expectError(await create(s.carol, payload([a, b], s.home)), 400, m.noAddresses, 'address');
      expect(await shipmentCount(s.carol.id)).toBe(0);
    });

    it("answers 'Please select at least one package' for no packages", async () => {
      expectError(await create(s.alice, payload([])), 400, m.selectPackage, 'packages');
      expectError(
        await create(s.alice, { address: s.home.address, city: s.home.city, country: s.home.country }),
        400,
        m.selectPackage,
        'packages',
      );
    });

    it('never creates a shipment of a single package without a captured payment: 409', async () => {
      const p = await receive(s.alice);
      const before = await shipmentCount(s.alice.id);
      const asSpecSends = payload([p], s.home, { isSinglePackage: true, shipmentStatus: 'Finalized', paymentStatus: 'Paid' });
      expect((await create(s.alice, asSpecSends)).statusCode).toBe(409);
      expect((await create(s.alice, { ...asSpecSends, paymentReference: 'sbx-not-a-real-payment' })).statusCode).toBe(409);
      expect((await create(s.alice, { ...asSpecSends, isSinglePackage: false, shipmentStatus: 'Pending' })).statusCode).toBe(409);
      // The same package listed twice is still one package.
      expect((await create(s.alice, payload([p, p], s.home))).statusCode).toBe(409);
      expect((await create(s.alice, payload([p.hopboxId, p.hopboxId.toLowerCase()], s.home))).statusCode).toBe(409);
      expect((await create(s.alice, payload([p.id, p.hopboxId], s.home))).statusCode).toBe(409);
      expect(await shipmentCount(s.alice.id)).toBe(before);
      expect(await lockerIds(s.alice)).toContain(p.id);
    });

    it('needs a customer session', async () => {
      const anonymous = await s.t.app.inject({ method: 'POST', url: '/api/user/shipments', payload: { packages: ['HBX1', 'HBX2'] } });
      expectError(anonymous, 401, messages.transport.sessionExpired);
      expectError(
        await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: s.staff }),
        403,
        messages.transport.forbidden,
      );
    });

    it("never shows another customer's shipments", async () => {
      expect(await consolidated(s.bob)).toEqual([]);
      expect(await consolidated(s.carol)).toEqual([]);
      expect(await sent(s.bob)).toEqual([]);
    });
  });

  describe('warehouse: GET and PUT /api/staff/shipments', () => {
    it('lists open consolidations under status=consolidating with the customer, and nothing awaiting dispatch yet', async () => {
      const res = await staffList('consolidating');
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as StaffShipment[];
      const mine = (await consolidated(s.alice)).map((r) => r.id).sort();
      expect(rows.map((r) => r.id).sort()).toEqual(mine);
      for (const r of rows) {
        expect(r).toMatchObject({ isConsolidated: true, readyToShip: false, shipmentStatus: 'Pending', paymentStatus: 'Unpaid' });
        expect(r.customerEmail).toMatch(/@example\.com$/);
        expect(r.lockerNumber).toBe(s.alice.locker);
      }
      expect((await staffList('awaiting-dispatch')).json().data).toEqual([]);
    });

    it('refuses customers (403) and an unknown status (400)', async () => {
      expectError(await staffList('consolidating', s.alice.headers), 403, messages.transport.forbidden);
      const id = (await consolidated(s.alice))[0]?.id as number;
      expectError(await staffUpdate(id, { readyToShip: true }, s.alice.headers), 403, messages.transport.forbidden);
      expect((await staffList('bogus')).statusCode).toBe(400);
    });

    it('sets the consolidation status and marks it ready to ship, which completes it; the customer sees both', async () => {
      const id = (await consolidated(s.alice))[0]?.id as number;
      const working = await staffUpdate(id, { consolidationStatus: 'In Progress' });
      expect(working.json().data).toMatchObject({ id, readyToShip: false, consolidationStatus: 'In Progress', shipmentStatus: 'Pending' });
      // Ready and still in progress is not a state: refused, nothing changes.
      expectError(
        await staffUpdate(id, { readyToShip: true, consolidationStatus: 'In Progress' }),
        409,
        messages.shipments.readyIsCompleted,
        'readyToShip',
      );
      const res = await staffUpdate(id, { readyToShip: true, ...PACKED_BOX });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id, readyToShip: true, consolidationStatus: 'Completed', shipmentStatus: 'Pending' });
      // Reopened, it is no longer ready; made ready again, it is Completed again.
      expect((await staffUpdate(id, { consolidationStatus: 'Pending' })).json().data).toMatchObject({
        readyToShip: false,
        consolidationStatus: 'Pending',
      });
      expect((await staffUpdate(id, { readyToShip: true })).json().data).toMatchObject({
        readyToShip: true,
        consolidationStatus: 'Completed',
      });
      const row = (await consolidated(s.alice)).find((r) => r.id === id);
      expect(row).toMatchObject({ ready_to_ship: true, consolidation_status: 'Completed' });
      expectError(
        await staffUpdate(id, { consolidationStatus: 'Done' }),
        400,
        'Consolidation status must be one of: Pending, In Progress, Completed',
        'consolidationStatus',
      );
    });

    it('refuses to dispatch an unpaid shipment: 409, nothing changes', async () => {
      const id = (await consolidated(s.alice))[0]?.id as number;
      const res = await staffUpdate(id, { awb: 'AWB123', shipmentStatus: 'Shipped', processingDate: '2025-05-01T08:00:00Z' });
      expectError(res, 409, 'Only a paid shipment can be processed, shipped or delivered');
      const [row] = await s.t.db.select().from(shipments).where(eq(shipments.id, id));
      expect(row).toMatchObject({ awb: null, shipmentStatus: 'Pending', processingDate: null });
    });

    it('answers 404 for an unknown shipment', async () => {
      expectError(await staffUpdate(999999, { readyToShip: true }), 404, 'Shipment not found');
    });
  });

  it('counts shipments in progress and sent shipments on the dashboard per customer', async () => {
    expect(await dashboard(s.alice)).toMatchObject({ shipmentsInProgress: 2, sentShipments: 0 });
    expect(await dashboard(s.bob)).toMatchObject({ shipmentsInProgress: 0, sentShipments: 0 });
  });
});

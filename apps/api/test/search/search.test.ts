import { SEARCH_MAX_LENGTH, SEARCH_MAX_PER_KIND, type SearchResults, searchMessages } from '@hopbox/contracts/search';
import { describe, expect, it } from 'vitest';
import { packages } from '../../src/db/schema.ts';
import { expectError, insertShipment, type TestApp, useTestApp } from '../helper.ts';

type Customer = Awaited<ReturnType<TestApp['userWithToken']>>;

describe('GET /api/user/search', () => {
  const s = useTestApp(async (t) => ({ me: await t.userWithToken('user'), other: await t.userWithToken('user') }));

  async function addShipment(
    owner: Customer,
    shipmentId: string,
    values: { isConsolidated: boolean; shipmentStatus: string; awb?: string },
  ) {
    return insertShipment(s.t, owner.user.id, { shipmentId, ...values });
  }

  async function addPackage(owner: Customer, hopboxId: string, values: { tracking?: string; shipment?: number; receivedDate?: Date } = {}) {
    await s.t.db.insert(packages).values({
      hopboxId,
      userId: owner.user.id,
      lockerNumber: owner.user.lockerNumber ?? '',
      shipper: 'Amazon',
      packageContent: 'Books',
      origin: 'United States',
      externalTrackingNumber: values.tracking ?? null,
      shipmentId: values.shipment ?? null,
      ...(values.receivedDate ? { receivedDate: values.receivedDate } : {}),
    });
  }

  const search = (owner: Customer, q: string) =>
    s.t.app.inject({ method: 'GET', url: `/api/user/search?q=${encodeURIComponent(q)}`, headers: owner.headers });

  async function found(owner: Customer, q: string): Promise<SearchResults> {
    const res = await search(owner, q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  }
  const ids = (results: SearchResults) => ({
    packages: results.packages.map((p) => p.hopboxId),
    shipments: results.shipments.map((x) => x.shipmentId),
  });

  it('finds a package by its Hopbox ID, whole or in part and in any case, and opens Received Packages filtered to it', async () => {
    await addPackage(s.me, 'HBX5510001', { tracking: '1ZAAA0001' });
    expect(await found(s.me, 'HBX5510001')).toEqual({
      packages: [
        {
          hopboxId: 'HBX5510001',
          externalTrackingNumber: '1ZAAA0001',
          shipper: 'Amazon',
          packageContent: 'Books',
          shipmentId: null,
          to: '/received-packages?q=HBX5510001',
        },
      ],
      shipments: [],
    });
    expect(ids(await found(s.me, '  hbx551000  ')).packages).toEqual(['HBX5510001']);
    expect(ids(await found(s.me, '5510001')).packages).toEqual(['HBX5510001']);
  });

  it("finds a package by the shop's tracking number", async () => {
    await addPackage(s.me, 'HBX5520001', { tracking: 'TBA88812345' });
    expect(ids(await found(s.me, 'tba888')).packages).toEqual(['HBX5520001']);
  });

  it('finds a shipment by its ID or its AWB, and opens the list that shows it', async () => {
    await addShipment(s.me, 'SHP5530001', { isConsolidated: true, shipmentStatus: 'Pending' });
    await addShipment(s.me, 'SHP5530002', { isConsolidated: false, shipmentStatus: 'Shipped', awb: 'AWB9934001' });
    const open = await found(s.me, 'SHP5530001');
    expect(open.shipments).toEqual([
      { shipmentId: 'SHP5530001', awb: null, shipmentStatus: 'Pending', isConsolidated: true, to: '/shipments-progress?q=SHP5530001' },
    ]);
    const byAwb = await found(s.me, 'awb99340');
    expect(byAwb.shipments).toEqual([
      { shipmentId: 'SHP5530002', awb: 'AWB9934001', shipmentStatus: 'Shipped', isConsolidated: false, to: '/sent-shipment?q=SHP5530002' },
    ]);
    // Both match the common part, the exact ID first.
    expect(ids(await found(s.me, 'SHP553000')).shipments).toHaveLength(2);
  });

  it("opens a package that left the locker in its shipment's list, searched for the package", async () => {
    const sent = await addShipment(s.me, 'SHP5540001', { isConsolidated: true, shipmentStatus: 'Delivered', awb: 'AWB5540001' });
    await addPackage(s.me, 'HBX5540001', { shipment: sent });
    const [hit] = (await found(s.me, 'HBX5540001')).packages;
    expect(hit).toMatchObject({ shipmentId: 'SHP5540001', to: '/sent-shipment?q=HBX5540001' });
  });

  it("never answers another customer's packages or shipments", async () => {
    await addPackage(s.other, 'HBX5550001', { tracking: 'OTHER5550001' });
    await addShipment(s.other, 'SHP5550001', { isConsolidated: false, shipmentStatus: 'Delivered', awb: 'AWB5550001' });
    expect(await found(s.me, 'HBX5550001')).toEqual({ packages: [], shipments: [] });
    expect(await found(s.me, 'OTHER5550001')).toEqual({ packages: [], shipments: [] });
    expect(await found(s.me, 'SHP5550001')).toEqual({ packages: [], shipments: [] });
    expect(await found(s.me, 'AWB5550001')).toEqual({ packages: [], shipments: [] });
    expect(ids(await found(s.other, '5550001'))).toEqual({ packages: ['HBX5550001'], shipments: ['SHP5550001'] });
  });

  it('leaves out a shipment no list shows (a single-package shipment not yet paid)', async () => {
    await addShipment(s.me, 'SHP5560001', { isConsolidated: false, shipmentStatus: 'Pending' });
    expect((await found(s.me, 'SHP5560001')).shipments).toEqual([]);
  });

  it(`answers at most ${SEARCH_MAX_PER_KIND} of each kind, the exact match first, then the newest`, async () => {
    const day = 86_400_000;
    const base = Date.UTC(2026, 0, 10);
    for (let i = 1; i <= 7; i++) await addPackage(s.me, `HBX557000${i}`, { receivedDate: new Date(base + i * day) });
    await addPackage(s.me, 'HBX557000', { receivedDate: new Date(base) });
    for (let i = 1; i <= 7; i++) await addShipment(s.me, `SHP557000${i}`, { isConsolidated: true, shipmentStatus: 'Pending' });
    const results = ids(await found(s.me, 'HBX557000'));
    expect(results.packages).toEqual(['HBX557000', 'HBX5570007', 'HBX5570006', 'HBX5570005', 'HBX5570004']);
    expect(ids(await found(s.me, 'SHP55700')).shipments).toHaveLength(SEARCH_MAX_PER_KIND);
  });

  it("reads the search text as text: LIKE's wildcards match only themselves", async () => {
    expect(await found(s.me, '%%')).toEqual({ packages: [], shipments: [] });
    expect(await found(s.me, 'HBX_5')).toEqual({ packages: [], shipments: [] });
  });

  it(`refuses a search under 2 characters (after trimming) or over ${SEARCH_MAX_LENGTH}, naming q`, async () => {
    expectError(await s.t.app.inject({ method: 'GET', url: '/api/user/search', headers: s.me.headers }), 400, searchMessages.tooShort, 'q');
    expectError(await search(s.me, ''), 400, searchMessages.tooShort, 'q');
    expectError(await search(s.me, ' a '), 400, searchMessages.tooShort, 'q');
    expectError(await search(s.me, 'x'.repeat(SEARCH_MAX_LENGTH + 1)), 400, searchMessages.tooLong, 'q');
    expect((await search(s.me, 'x'.repeat(SEARCH_MAX_LENGTH))).statusCode).toBe(200);
  });

  it('is for signed-in customers: 401 without a session, 403 for staff', async () => {
    expectError(
      await s.t.app.inject({ method: 'GET', url: '/api/user/search?q=HBX' }),
      401,
      'Your session has expired. Please sign in again.',
    );
    const staff = await s.t.userWithToken('staff');
    expect((await search(staff, 'HBX')).statusCode).toBe(403);
  });
});

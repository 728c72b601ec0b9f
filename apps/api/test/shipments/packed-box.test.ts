import { messages } from '@hopbox/contracts/messages';
import type { PackedBox } from '@hopbox/contracts/pricing';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, shipments } from '../../src/db/schema.ts';
import {
  addAddress,
  boxQuote,
  createConsolidation,
  expectError,
  PACKED_BOX,
  paySinglePackage,
  receivePackage,
  staffUpdateShipment,
  useTestApp,
} from '../helper.ts';

/**
 * Decision 026: staff record the packed box of a consolidation; it is Ready to Ship only once the box is
 * recorded, its price is the box's, and the customer is told what to pay and where.
 */
describe('the packed box of a consolidation', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.userWithToken('user');
    const home = await addAddress(t, alice.headers, { label: 'Home' });
    const pkgs = [
      await receivePackage(t, staff, alice.user.lockerNumber as string),
      await receivePackage(t, staff, alice.user.lockerNumber as string),
    ];
    const { id, shipmentId } = await createConsolidation(t, alice.headers, pkgs, home);
    return { staff, alice, home, pkgs, id, shipmentId };
  });
  const update = (body: Record<string, unknown>, id = s.id, headers = s.staff) => staffUpdateShipment(s.t, headers, id, body);
  const row = async () => (await s.t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0];
  const readyMails = () =>
    s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'consolidationReady')).orderBy(outboxMessages.id);
  const progressRow = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: s.alice.headers });
    return (res.json().data as ConsolidatedShipment[]).find((r) => r.id === s.id);
  };
  const priceOf = async (box: PackedBox) => (await boxQuote(s.t, s.alice.headers, s.pkgs[0]?.origin as string, s.home.country, box)).price;

  it('is recorded whole, with sizes and a weight above zero; a bad one changes nothing', async () => {
    const before = await row();
    const { packedHeight: _, ...noHeight } = PACKED_BOX;
    expectError(await update(noHeight), 400, messages.shipments.packedBoxWhole, 'packedHeight');
    expectError(await update({ ...PACKED_BOX, packedWeight: 0 }), 400, messages.shipments.packedWeightInvalid, 'packedWeight');
    expectError(await update({ ...PACKED_BOX, packedLength: -5 }), 400, messages.shipments.packedSizeInvalid, 'packedLength');
    expectError(await update({ ...PACKED_BOX, packedBreadth: 'wide' }), 400, messages.shipments.packedSizeInvalid, 'packedBreadth');
    expectError(await update({ ...PACKED_BOX, packedHeight: 5000 }), 400, 'A packed side cannot exceed 1,000 cm', 'packedHeight');
    expectError(await update(PACKED_BOX, s.id, s.alice.headers), 403, messages.transport.forbidden);
    expect(await row()).toEqual(before);
  });

  it('refuses Ready to Ship until the box is recorded (409), changing nothing and telling no one', async () => {
    const before = await row();
    const res = await update({ readyToShip: true });
    expectError(res, 409, messages.shipments.packedBoxRequired, 'packedWeight');
    expect(res.json().code).toBe('PACKED_BOX_REQUIRED');
    expect(await row()).toEqual(before);
    expect(await readyMails()).toHaveLength(0);
  });

  it('records the box without making it ready: the customer still sees the estimate, and no mail', async () => {
    const res = await update({ ...PACKED_BOX, packedWeight: '4.8' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ readyToShip: false, ...PACKED_BOX });
    expect(await progressRow()).toMatchObject({ ready_to_ship: false, priced_from: 'packed_box', amount: await priceOf(PACKED_BOX) });
    expect(await readyMails()).toHaveLength(0);
  });

  it('becomes ready with the box recorded before; the price is the box’s and the customer gets a ready-to-pay mail', async () => {
    const res = await update({ readyToShip: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ readyToShip: true, consolidationStatus: 'Completed' });
    const price = await priceOf(PACKED_BOX);
    expect(price).toBe(571.2);
    expect(await progressRow()).toMatchObject({ ready_to_ship: true, amount: price, priced_from: 'packed_box', packed_weight: 4.8 });
    const [mail, ...more] = await readyMails();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ userId: s.alice.user.id, subject: `Consolidation ${s.shipmentId} is packed: 571.20 AED to ship it` });
    expect(mail?.textBody).toContain('4.8 kg, 45 × 35 × 25 cm');
    // What the price is for (decision 070), and the duties: this test database has no rule for the UAE (decision 071).
    expect(mail?.textBody).toContain('The price is for Hopbox Sandbox Express (');
    expect(mail?.textBody).toContain('Import duties and taxes are not estimated for United Arab Emirates');
    expect(mail?.textBody).toContain(`Pay 571.20 AED: https://portal.hopbox.test/shipments-progress?pay=${s.shipmentId}`);
    expect(mail?.htmlBody).toContain(`/shipments-progress?pay=${s.shipmentId}`);
  });

  it('tells the customer the new price when the box is weighed again while ready, and only then', async () => {
    expect((await update({ readyToShip: true })).statusCode).toBe(200);
    expect(await readyMails()).toHaveLength(1);
    const heavier = { ...PACKED_BOX, packedWeight: 9 };
    expect((await update(heavier)).statusCode).toBe(200);
    const mails = await readyMails();
    expect(mails).toHaveLength(2);
    const price = await priceOf(heavier);
    expect(mails[1]?.subject).toContain(`${price.toFixed(2)} AED`);
    expect((await progressRow())?.amount).toBe(price);
  });

  it('can be recorded in the same call that makes it ready', async () => {
    expect((await update({ consolidationStatus: 'In Progress' })).json().data).toMatchObject({ readyToShip: false });
    const res = await update({ readyToShip: true, ...PACKED_BOX });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ readyToShip: true, ...PACKED_BOX });
    expect(await readyMails()).toHaveLength(3);
  });

  it('applies to consolidations only (409)', async () => {
    const pkg = await receivePackage(s.t, s.staff, s.alice.user.lockerNumber as string);
    const single = await paySinglePackage(s.t, s.alice.headers, pkg, s.home);
    const [paid] = await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, single.shipmentId));
    expectError(await update(PACKED_BOX, paid?.id), 409, messages.shipments.consolidationOnly);
  });
});

import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, payments } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { addAddress, createConsolidation, mailText, PACKED_BOX, receivePackage, staffUpdateShipment, useTestApp } from '../helper.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

/**
 * Issue "Nothing lost between the customer and the shelf", one price for one thing (decision 054): the "packed" mail,
 * Shipments Progress and the payment all say the same amount for one consolidation, storage fees included, because
 * they read the one price held when staff made it ready; the mail says until when that price holds.
 */
describe('one price for a packed consolidation', () => {
  const clock = settableClock(NOW);
  const s = useTestApp(
    {},
    async (t) => {
      const staff = (await t.userWithToken('staff')).headers;
      const alice = await t.userWithToken('user');
      const home = await addAddress(t, alice.headers, { label: 'Home' });
      // Fifty days in the warehouse: past the 45 free days, so each accrues storage fees.
      const receivedDate = new Date(NOW.getTime() - 50 * DAY).toISOString();
      const pkgs = [
        await receivePackage(t, staff, alice.user.lockerNumber as string, { receivedDate }),
        await receivePackage(t, staff, alice.user.lockerNumber as string, { receivedDate }),
      ];
      const { id, shipmentId } = await createConsolidation(t, alice.headers, pkgs, home);
      return { staff, alice, id, shipmentId };
    },
    { clock },
  );

  const progressRow = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/consolidated', headers: s.alice.headers });
    return (res.json().data as ConsolidatedShipment[]).find((r) => r.id === s.id) as ConsolidatedShipment;
  };

  it('the mail, the list and the payment say the same total, shipping and storage fees', async () => {
    // Nothing is held before the box is packed and ready.
    expect((await progressRow()).price_held_until).toBeNull();
    expect((await staffUpdateShipment(s.t, s.staff, s.id, { ...PACKED_BOX, readyToShip: true })).statusCode).toBe(200);
    const [mail] = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'consolidationReady'));
    const row = await progressRow();
    const total = row.amount as number;
    expect(row.breakdown?.map((l) => l.label)).toEqual(['Shipping', expect.stringMatching(/^Storage fees/)]);
    expect(total).toBe((row.breakdown ?? []).reduce((sum, l) => sum + l.amount, 0));

    // The mail: that total in its subject and its button, each line, the moment it was priced and until when it holds.
    expect(mail?.subject).toBe(`Consolidation ${s.shipmentId} is packed: ${total.toFixed(2)} AED to ship it`);
    const text = mailText(mail?.textBody ?? '');
    for (const line of row.breakdown ?? []) expect(text).toContain(`${line.label}: ${line.amount.toFixed(2)} AED`);
    expect(text).toContain(`Total: ${total.toFixed(2)} AED`);
    expect(text).toContain('as of 20 Nov 2026, 12:00 UTC');
    expect(text).toContain('This is the price at checkout until 20 Nov 2026, 12:30 UTC');
    // Shipments Progress says until when the price holds: the time the mail gave.
    expect(row.price_held_until).toBe('2026-11-20T12:30:00.000Z');
    expect(text).toContain(`Pay ${total.toFixed(2)} AED`);

    // Ten minutes later the customer pays exactly that.
    clock.set(new Date(NOW.getTime() + 10 * 60_000));
    expect(await progressRow()).toMatchObject({ amount: total, price_held_until: '2026-11-20T12:30:00.000Z' });
    const generated = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/consolidation-payment/generate',
      headers: s.alice.headers,
      payload: { shipmentIds: [s.id], amount: total.toFixed(2), currency: 'AED' },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const [payment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, generated.json().orderRef));
    expect(Number(payment?.amount)).toBe(total);
  });

  it('holds a fresh price once the hold has ended, and says its new end', async () => {
    clock.set(new Date(NOW.getTime() + 2 * 3600_000));
    expect((await progressRow()).price_held_until).toBe('2026-11-20T14:30:00.000Z');
  });
});

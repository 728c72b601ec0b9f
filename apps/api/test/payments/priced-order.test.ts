import type { Address } from '@hopbox/contracts/addresses';
import type { Package } from '@hopbox/contracts/packages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, shipments } from '../../src/db/schema.ts';
import { reconcilePendingPayments } from '../../src/modules/payments/payments-service.ts';

import {
  addAddress,
  addressBody,
  boxQuote,
  PACKED_BOX,
  receivePackage,
  sandboxAnswer,
  shipmentBody,
  shippingQuote,
  useTestApp,
} from '../helper.ts';

const PUBLIC_URL = 'https://portal.hopbox.test';

/**
 * What is charged is what was priced: the shipment a captured payment creates goes to the
 * destination, at the weight, for the amount the server priced when the payment was opened.
 * Editing or deleting the saved address between paying and the capture changes none of it,
 * whichever of the callback, the reconciliation schedule or a repeat check settles the payment.
 */
describe('payments: the shipment is the one that was priced', () => {
  const s = useTestApp({ PUBLIC_URL }, async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
    alice: await t.customer(),
  }));
  const UAE = 'United Arab Emirates';
  const DEARER = 'United States of America';

  const post = (url: string, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'POST', url, headers: s.alice.headers, payload });
  const editAddress = (a: Address, overrides: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/user/addresses/${a.id}`, headers: s.alice.headers, payload: addressBody(overrides) });
  const sent = async () =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.alice.headers })).json().data as SentShipment[];
  const shipmentRow = async (code: string) => (await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, code)))[0];

  /** Opens a single-package payment to `address` at the price the server quotes for it. */
  async function openSingle(p: Package, address: Address) {
    const { price } = await shippingQuote(s.t, s.alice.headers, [p], address.country);
    const res = await post('/api/user/shipment-payment/generate', {
      shipmentId: `TEMP_${Date.now()}`,
      amount: price.toFixed(2),
      currency: 'AED',
      packages: [p.hopboxId],
      addressId: address.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { price, ...(res.json() as { orderRef: string; _links: { payment: { href: string } } }) };
  }

  it('prices the two destinations differently, so a switch would be an underpayment', async () => {
    const p = await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' });
    const cheap = await shippingQuote(s.t, s.alice.headers, [p], UAE);
    const dear = await shippingQuote(s.t, s.alice.headers, [p], DEARER);
    expect(dear.price).toBeGreaterThan(cheap.price);
  });

  it('ships to the priced country when the saved address is edited to a dearer one before the callback', async () => {
    const p = await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' });
    const home = await addAddress(s.t, s.alice.headers, { label: 'Switch', country: UAE, city: 'Dubai' });
    const link = await openSingle(p, home);

    const edited = await editAddress(home, { label: 'Switch', address: '5 Elm Street', city: 'Boston', country: DEARER });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await sandboxAnswer(s.t, link._links.payment.href, 'pay')).statusCode).toBe(303);

    const res = await post('/api/user/shipment-payment/check', { orderRef: link.orderRef });
    expect(res.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
    const shipment = (await sent()).find((s) => s.paymentReference === link.orderRef);
    expect(shipment).toMatchObject({ destination: UAE, amount: link.price, totalWeight: p.packageWeight });
    const row = await shipmentRow(shipment?.shipmentId as string);
    expect(row).toMatchObject({ country: UAE, city: 'Dubai', address: addressBody().address, amount: link.price.toFixed(2) });
    // A second check (the callback page reloaded) creates nothing and still answers the same shipment.
    const again = await post('/api/user/shipment-payment/check', { orderRef: link.orderRef });
    expect(again.json()).toMatchObject({ captured: 1, shipmentId: shipment?.shipmentId });
    expect((await sent()).filter((s) => s.paymentReference === link.orderRef)).toHaveLength(1);
  });

  it('does the same when reconciliation, not the customer, settles the payment', async () => {
    const p = await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' });
    const home = await addAddress(s.t, s.alice.headers, { label: 'Quiet', country: UAE, city: 'Sharjah' });
    const link = await openSingle(p, home);
    await editAddress(home, { label: 'Quiet', country: DEARER, city: 'Austin' });
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');

    await reconcilePendingPayments(s.t.app.deps, 0);
    await reconcilePendingPayments(s.t.app.deps, 0);
    const made = (await sent()).filter((s) => s.paymentReference === link.orderRef);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ destination: UAE, amount: link.price });
    expect((await shipmentRow(made[0]?.shipmentId as string))?.city).toBe('Sharjah');
  });

  it('still ships a paid package when its saved address was deleted before the capture', async () => {
    const p = await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' });
    const home = await addAddress(s.t, s.alice.headers, { label: 'Gone', country: UAE, city: 'Ajman' });
    const link = await openSingle(p, home);
    const deleted = await s.t.app.inject({ method: 'DELETE', url: `/api/user/addresses/${home.id}`, headers: s.alice.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await sandboxAnswer(s.t, link._links.payment.href, 'pay');

    const res = await post('/api/user/shipment-payment/check', { orderRef: link.orderRef });
    expect(res.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
    const [payment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, link.orderRef));
    expect(payment?.status).toBe('CAPTURED');
    const made = (await sent()).find((s) => s.paymentReference === link.orderRef);
    expect((await shipmentRow(made?.shipmentId as string))?.city).toBe('Ajman');
  });

  it('charges a consolidation what was priced, whatever happens to the saved address meanwhile', async () => {
    const home = await addAddress(s.t, s.alice.headers, { label: 'Consolidate', country: UAE, city: 'Dubai' });
    const pkgs = [
      await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' }),
      await receivePackage(s.t, s.staff, s.alice.locker, { origin: 'United Kingdom' }),
    ];
    const created = await post('/api/user/shipments', shipmentBody(pkgs, home, { isSinglePackage: false, shipmentStatus: 'Pending' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const ready = await s.t.app.inject({
      method: 'PUT',
      url: `/api/staff/shipments/${id}`,
      headers: s.staff,
      payload: { readyToShip: true, ...PACKED_BOX },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const { price } = await boxQuote(s.t, s.alice.headers, 'United Kingdom', UAE, PACKED_BOX);
    const link = await post('/api/user/consolidation-payment/generate', { shipmentIds: [id], amount: price.toFixed(2), currency: 'AED' });
    expect(link.statusCode, link.body).toBe(200);

    await editAddress(home, { label: 'Consolidate', country: DEARER, city: 'Denver' });
    await sandboxAnswer(s.t, link.json()._links.payment.href, 'pay');
    const res = await post('/api/user/consolidation-payment/check', { orderRef: link.json().orderRef });
    expect(res.json()).toMatchObject({ captured: 1, status: 'SUCCESS', shipmentIds: String(id) });
    const paid = (await sent()).find((s) => s.id === id);
    expect(paid).toMatchObject({ destination: UAE, amount: price, paymentStatus: 'Paid' });
  });
});

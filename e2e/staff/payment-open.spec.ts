import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, parcel, STAFF, staffReceivePackage } from '../support/e2e-utils';
import { packForPayment } from './staff-utils';

/**
 * Decision 041, in the console: while the customer's payment for a consolidation is open, the warehouse sees
 * "Payment open" on its card and cannot re-weigh it or make it unready, so what is captured is what was priced;
 * a second Pay from the customer opens the same payment page, not a second order.
 */
test('a consolidation being paid for is shown as such and cannot be re-weighed until it is paid', async ({ page, request }) => {
  const customer = await createAccount(request);
  const me = await apiSignIn(request, customer);
  const staff = await apiSignIn(request, STAFF);
  const received = [];
  for (const content of ['Kettle', 'Toaster']) {
    received.push(await staffReceivePackage(request, staff.headers, customer.lockerNumber, parcel(content)));
  }
  const address = await request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '4 Creek Lane', city: 'Dubai', country: 'United Arab Emirates' },
  });
  const created = await request.post('/api/user/shipments', {
    headers: me.headers,
    data: { packages: received.map((p) => p.hopboxId), addressId: (await address.json()).data.id, isSinglePackage: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, shipmentId } = (await created.json()).data as { id: number; shipmentId: string };
  const amount = await packForPayment(request, staff.headers, me.headers, id);

  // The customer opens the payment, twice: one order, one page.
  const generate = () =>
    request.post('/api/user/consolidation-payment/generate', {
      headers: me.headers,
      data: { shipmentIds: [id], amount: amount.toFixed(2), currency: 'AED' },
    });
  const first = await (await generate()).json();
  const second = await (await generate()).json();
  expect(second.orderRef).toBe(first.orderRef);

  // The warehouse sees it on the card, with the box and readiness locked.
  await openSignedIn(page, STAFF.email, STAFF.password, '/staff/consolidations');
  await page
    .getByRole('group', { name: 'Show consolidations' })
    .getByRole('button', { name: /^Completed/ })
    .click();
  const card = page.getByRole('region', { name: `Consolidation ${shipmentId}` });
  await expect(card).toContainText('Payment open');
  await expect(card).toContainText(lifecycleMessages.payments.heldByPayment);
  await expect(card.getByRole('switch', { name: 'Ready to ship' })).toBeDisabled();
  await expect(card.getByLabel('Consolidation status')).toBeDisabled();
  const box = card.getByRole('form', { name: `Packed box of ${shipmentId}` });
  await expect(box.getByLabel('Weight (kg)')).toBeDisabled();
  await expect(box.getByRole('button', { name: 'Update packed box' })).toBeDisabled();
  await expectNoAxeViolations(page, '/staff/consolidations with a payment open');

  // Paid: it leaves the consolidations, at the price it was opened at.
  const paid = await request.post(new URL(first._links.payment.href).pathname, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const check = await request.post('/api/user/consolidation-payment/check', { headers: me.headers, data: { orderRef: first.orderRef } });
  expect(await check.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
  await page.reload();
  await page
    .getByRole('group', { name: 'Show consolidations' })
    .getByRole('button', { name: /^Completed/ })
    .click();
  await expect(page.getByRole('region', { name: `Consolidation ${shipmentId}` })).toHaveCount(0);
  const sent = (await (await request.get('/api/user/shipments/sent', { headers: me.headers })).json()).data as {
    id: number;
    amount: number;
  }[];
  expect(sent.find((s) => s.id === id)?.amount).toBe(amount);
});

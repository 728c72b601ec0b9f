import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openRowDialog, openSignedIn, parcel, STAFF, staffReceivePackage } from '../support/e2e-utils';
import { expectPdf, packForPayment } from './staff-utils';

const NOTE = 'Please remove shoe box to save weight';

/**
 * Issue "Nothing lost between the customer and the shelf" (decision 053): the note the customer wrote in the
 * wizard is on the consolidation card beside the pick list (in walking order of the shelves), on the packing
 * slip and in the Dispatch dialog; staff's internal note is seen by staff alone.
 */
test("the customer's note reaches the packer: the card, the pick list, the packing slip and Dispatch", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await createAccount(request);
  const me = await apiSignIn(request, customer);
  const staff = await apiSignIn(request, STAFF);
  const received = [];
  for (const [content, location] of [
    ['Hiking boots', 'C-03-02'],
    ['Rain jacket', 'A-07-01'],
    ['Trail socks', 'A-02-03'],
  ] as const) {
    received.push(
      await staffReceivePackage(
        request,
        staff.headers,
        customer.lockerNumber,
        parcel(content, { origin: 'United States of America', location }),
      ),
    );
  }
  const address = await request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '4 Creek Lane', city: 'Dubai', country: 'United Arab Emirates' },
  });
  const created = await request.post('/api/user/shipments', {
    headers: me.headers,
    data: { packages: received.map((p) => p.hopboxId), addressId: (await address.json()).data.id, isSinglePackage: false, notes: NOTE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, shipmentId } = (await created.json()).data as { id: number; shipmentId: string };

  // The card: the customer's note, and the packages in the order of the shelves.
  await openSignedIn(page, STAFF.email, STAFF.password, '/staff/consolidations');
  const card = page.getByRole('region', { name: `Consolidation ${shipmentId}` });
  await expect(card.getByRole('figure')).toContainText(NOTE);
  const picks = card.getByRole('list', { name: `Pick list of ${shipmentId}` }).getByRole('listitem');
  await expect(picks).toHaveCount(3);
  await expect(picks.nth(0)).toContainText('A-02-03');
  await expect(picks.nth(0)).toContainText('Trail socks');
  await expect(picks.nth(1)).toContainText('A-07-01');
  await expect(picks.nth(2)).toContainText('C-03-02');

  // The packing slip opens as a PDF in a new tab.
  const popup = page.waitForEvent('popup');
  const slip = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/staff/shipments/${id}/packing-slip`);
  await card.getByRole('button', { name: `Packing slip of ${shipmentId}` }).click();
  await expectPdf(await slip, request, staff.headers);
  await (await popup).close();

  // An internal note, for the next person at the bench.
  await card.locator('summary').filter({ hasText: 'Internal notes' }).click();
  await card.getByLabel('Add an internal note').fill('Boots box is crushed: use the large bag');
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Boots box is crushed' })).toBeVisible();
  await expect(card.getByText('Internal notes (1)')).toBeVisible();
  await expectNoAxeViolations(page, '/staff/consolidations with a customer note and an internal note');

  // Packed, paid: Dispatch shows the note and the internal note too.
  const amount = await packForPayment(request, staff.headers, me.headers, id);
  const payment = await (
    await request.post('/api/user/consolidation-payment/generate', {
      headers: me.headers,
      data: { shipmentIds: [id], amount: amount.toFixed(2), currency: 'AED' },
    })
  ).json();
  const paid = await request.post(new URL(payment._links.payment.href).pathname, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const check = await request.post('/api/user/consolidation-payment/check', { headers: me.headers, data: { orderRef: payment.orderRef } });
  expect(await check.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });

  await page.goto('/staff/dispatch');
  const dialog = await openRowDialog(page, shipmentId, `Dispatch ${shipmentId}`, `Dispatch ${shipmentId}`);
  await expect(dialog.getByRole('figure')).toContainText(NOTE);
  await expect(dialog.getByRole('region', { name: 'Internal notes' })).toContainText('Boots box is crushed: use the large bag');
  await expect(dialog.getByRole('button', { name: `Packing slip of ${shipmentId}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the Dispatch dialog with the customer note');
});

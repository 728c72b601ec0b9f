import { messages } from '@hopbox/contracts/messages';
import { expect, test } from '@playwright/test';
import { openSignedIn, waitForMail } from '../support/e2e-utils';
import { newCustomerWithConsolidation } from './shipments-utils';

/**
 * Decision 026, from the customer's side: a consolidation is shown at its estimate until the warehouse packs
 * it; once packed and ready, the customer is mailed the box's price, the dashboard says so, and the row's own
 * Pay action (or the mail's link) opens its payment at that price, with the packed weight and size beside it.
 */
test('a packed consolidation is told, priced from its box and paid from its own Pay action', async ({ page, request }) => {
  const { customer, staff, consolidation } = await newCustomerWithConsolidation(request, ['Lamp', 'Shade', 'Bulbs']);
  const { id, shipmentId } = consolidation;

  // Before packing: the estimate, said to be one, and no banner.
  await openSignedIn(page, customer.email, customer.password, '/shipments-progress');
  const row = page.getByRole('region', { name: 'Consolidated shipments' }).getByRole('row').filter({ hasText: shipmentId });
  await expect(row).toContainText('Estimate, until packed');
  await expect(row.getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // The warehouse packs it into one box and marks it ready.
  const ready = await request.put(`/api/staff/shipments/${id}`, {
    headers: staff.headers,
    data: { packedWeight: 2.6, packedLength: 40, packedBreadth: 30, packedHeight: 20, readyToShip: true },
  });
  expect(ready.status(), await ready.text()).toBe(200);
  const mail = await waitForMail(customer.email, new RegExp(`Consolidation ${shipmentId} is packed`));
  const amount = /Shipping it costs ([\d,]+\.\d{2}) AED/.exec(mail)?.[1] as string;
  expect(mail).toMatch(/2\.6 kg, 40 \S+ 30 \S+ 20 cm/);
  expect(mail).toContain(`/shipments-progress?pay=${shipmentId}`);

  // The dashboard leads to it.
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Ready to pay' });
  await expect(banner).toContainText(messages.shipments.readyToPay(1));
  await banner.getByRole('link', { name: 'Pay now' }).click();
  const modal = page.getByRole('dialog', { name: 'Finish Shipments' });
  await expect(modal.getByTestId('finish-amount')).toHaveText(`${amount} AED`);
  await expect(modal).toContainText('Packed Weight');
  await expect(modal).toContainText('40 × 30 × 20 cm');
  await expect(page).toHaveURL(/\/shipments-progress$/);
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // The row's own Pay action, beside SPEC.md's checkbox and Finish Shipment.
  const pay = row.getByRole('button', { name: `Pay ${amount} AED for ${shipmentId}` });
  await expect(pay).toBeVisible();
  await pay.click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  // It became the selection: Finish Shipment opens the same payment.
  await expect(row.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Finish Shipment' }).click();
  // Insurance is offered unticked (issue "Declare, insure"): 3 x 20 EUR = 238.20 AED of cover, the 10 AED minimum.
  const insure = modal.getByRole('checkbox', { name: 'Insure this shipment for 10.00 AED' });
  await expect(insure).not.toBeChecked();
  await insure.check();
  const insured = `${(Number(amount.replace(/,/g, '')) + 10).toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`;
  await expect(modal.getByTestId('finish-amount')).toHaveText(insured);
  await expect(modal.getByRole('definition').filter({ hasText: '10.00 AED' })).toBeVisible();
  await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('amount')).toHaveText(insured);
  await expect(page.getByTestId('price-lines')).toContainText('Insurance (cover up to 238.20 AED)');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/consolidation-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ready to pay' })).toHaveCount(0);
});

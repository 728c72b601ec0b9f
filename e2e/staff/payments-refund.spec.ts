import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, STAFF, waitForMail } from '../support/e2e-utils';

/** The demo's payment needing attention (apps/api/src/seed/demo-payments.ts): the Skincare set, paid for twice. */
const PAID_TWICE = 'demo-skincare-set-again';
const REASON = 'You paid twice for the Skincare set: the second payment is refunded in full.';

/**
 * Issue "Exactly once, in one place", every payment accounted for: staff open Payments, find the payment needing
 * attention (money taken that made no shipment) and refund it in full with a reason; the customer is mailed the
 * amount and the reason and sees the refund in Sent Shipments' details.
 */
test('staff refund the payment needing attention; the customer sees the refund and its mail', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await openSignedIn(page, STAFF.email, STAFF.password, '/staff/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page, '/staff/payments');
  // The demo's partly refunded payment, wherever the journeys' own payments have pushed it in the list.
  await page
    .getByRole('group', { name: 'Show payments' })
    .getByRole('button', { name: /^Partly refunded/ })
    .click();
  await expect(table.getByRole('row', { name: /demo-bed-linen/ })).toContainText('Partly refunded');

  // Only the payments needing attention.
  await page.getByRole('group', { name: 'Show payments' }).getByRole('button', { name: 'Needs attention' }).click();
  await expect(page).toHaveURL(/status=NEEDS_ATTENTION/);
  const row = table.getByRole('row', { name: new RegExp(PAID_TWICE) });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Needs attention');
  await expect(row).toContainText('None made');
  await expect(row).toContainText('HB100001');

  // The dialog: labelled, closed by Escape with the focus back on its button, checked by axe.
  const open = row.getByRole('button', { name: `Refund ${PAID_TWICE}` });
  await open.click();
  const dialog = page.getByRole('dialog', { name: `Refund ${PAID_TWICE}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^Everything left/ })).toBeChecked();
  await expectNoAxeViolations(page, `the refund dialog of ${PAID_TWICE}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // A part past what is left is refused in the form; then everything left, with the reason.
  await open.click();
  await dialog.getByRole('radio', { name: 'Part of it' }).check();
  await expect(dialog.getByLabel('Amount (AED)')).toBeFocused();
  await dialog.getByLabel('Amount (AED)').fill('99999');
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: /^Refund 99,999\.00 AED$/ }).click();
  await expect(dialog.getByText(/at most .* is left to refund/)).toBeVisible();
  await dialog.getByRole('radio', { name: /^Everything left/ }).check();
  const amount = (await dialog.getByLabel('Amount (AED)').inputValue()).trim();
  const submit = dialog.getByRole('button', { name: /^Refund [\d,.]+ AED$/ });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${PAID_TWICE} is fully refunded`)).toBeVisible();
  await expect(page.getByText('No payment needs attention')).toBeVisible();

  await page.getByRole('group', { name: 'Show payments' }).getByRole('button', { name: 'Refunded', exact: true }).click();
  const refunded = table.getByRole('row', { name: new RegExp(PAID_TWICE) });
  await expect(refunded).toContainText('Refunded');
  await expect(refunded).toContainText('All refunded');

  // The customer's mail: the amount and the reason.
  const mail = await waitForMail(DEMO.email, new RegExp(`Refund of ${amount.replace('.', '\\.')}`));
  expect(mail).toContain(REASON);
  expect(mail).toContain(PAID_TWICE);

  // And Sent Shipments' details of the shipment the package went in.
  const me = await apiSignIn(request, DEMO);
  const sent = (await (await request.get('/api/user/shipments/sent', { headers: me.headers })).json()).data as {
    shipmentId: string;
    paymentReference: string | null;
  }[];
  const shipment = sent.find((s) => s.paymentReference === 'demo-skincare-set');
  expect(shipment).toBeDefined();
  const context = await browser.newContext({ baseURL });
  const customer = await context.newPage();
  await openSignedIn(customer, DEMO.email, DEMO.password, '/sent-shipment');
  // Other journeys may have sent shipments of their own: find this one by its ID.
  await customer.getByRole('searchbox', { name: 'Search shipments' }).fill(shipment?.shipmentId ?? '');
  await customer
    .getByRole('button', { name: `View ${shipment?.shipmentId}` })
    .first()
    .click();
  const details = customer.getByRole('dialog', { name: `Shipment ${shipment?.shipmentId}` });
  const refunds = details.getByRole('region', { name: /^Refunded:/ });
  await expect(refunds).toBeVisible();
  await expect(refunds).toContainText(REASON);
  await expect(refunds).toContainText(`${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} AED`);
  await expectNoAxeViolations(customer, 'Sent Shipments details with a refund');
  await context.close();
});

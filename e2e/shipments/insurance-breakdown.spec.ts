import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, STAFF, staffReceivePackage } from '../support/e2e-utils';

const DAY = 86_400_000;
const money = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} AED`;

/**
 * Issue "Declare, insure": a package kept past its free storage is shipped insured; the wizard shows the premium on
 * offer and the itemized price (shipping, insurance, storage fees), the payment page lists the same lines, and the
 * card is charged exactly their total.
 */
test('a customer insures a shipment, sees every line of its price and pays exactly the total', async ({ page, request }) => {
  const customer = await createAccount(request);
  const me = await apiSignIn(request, customer);
  const staff = await apiSignIn(request, STAFF);
  // Received 48 days ago: 45 free days, then 3 started days at 2 AED.
  const pkg = await staffReceivePackage(request, staff.headers, customer.lockerNumber, {
    shipper: 'E2E Camera Shop',
    packageContent: 'Mirrorless camera',
    origin: 'Germany',
    quantity: 1,
    unitPrice: 900,
    totalPrice: 900,
    currency: 'EUR',
    packageWeight: 1.4,
    packageLength: 25,
    packageBreadth: 20,
    packageHeight: 15,
    receivedDate: new Date(Date.now() - 48 * DAY + 60_000).toISOString(),
  });
  const address = await request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '12 Marina Walk', city: 'Dubai', country: 'United Arab Emirates' },
  });
  expect(address.status()).toBe(201);

  await openSignedIn(page, customer.email, customer.password, '/received-packages');
  await page.getByRole('checkbox', { name: `Select ${pkg.hopboxId}` }).check();
  await page.getByRole('button', { name: 'New Shipment (1)' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 2 of 3: Shipping Address');

  // 900 EUR = 3,573.00 AED of cover; 2% is 71.46 AED. Offered unticked.
  const insure = wizard.getByRole('checkbox', { name: /Insure this shipment for 71\.46 AED/ });
  await expect(insure).not.toBeChecked();
  await expect(wizard).toContainText('Covers loss or damage up to 3,573.00 AED');
  const lines = wizard.getByRole('definition');
  await expect(wizard.getByText('Storage fees (3 days past free storage)')).toBeVisible();
  const shipping = Number(
    (
      (await wizard
        .getByRole('term')
        .filter({ hasText: /^Shipping$/ })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? ''
    ).replace(/[^\d.]/g, ''),
  );
  expect(shipping).toBeGreaterThan(0);
  await expect(wizard.getByTestId('shipping-price')).toHaveText(money(shipping + 6));

  await insure.check();
  await expect(wizard.getByText('Insurance (cover up to 3,573.00 AED)')).toBeVisible();
  const total = Math.round((shipping + 71.46 + 6) * 100) / 100;
  await expect(wizard.getByTestId('shipping-price')).toHaveText(money(total));
  expect(await lines.count()).toBeGreaterThan(3);
  await expectNoAxeViolations(page, 'wizard with insurance');

  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 3 of 3: Confirm');
  await expect(wizard.getByRole('checkbox', { name: /Insure this shipment/ })).toBeChecked();
  await expect(wizard).toContainText('Price held until');
  await expect(wizard.getByTestId('amount-to-pay')).toHaveText(money(total));
  await wizard.getByRole('button', { name: `Pay ${money(total)}` }).click();

  // The payment page lists the same lines and asks exactly their total.
  await page.waitForURL(/\/payments\/sandbox\//);
  const priceLines = page.getByTestId('price-lines');
  await expect(priceLines).toContainText('Shipping 1 package (1.4 kg)');
  await expect(priceLines).toContainText('Insurance (cover up to 3,573.00 AED)');
  await expect(priceLines).toContainText('71.46 AED');
  await expect(priceLines).toContainText('Storage fees (3 days past free storage)');
  await expect(priceLines).toContainText('6.00 AED');
  await expect(page.getByTestId('amount')).toHaveText(money(total));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  const sent = await request.get('/api/user/shipments/sent', { headers: me.headers });
  const shipment = ((await sent.json()).data as { packageIds: string; amount: number; insured: boolean; insuredValue: number }[]).find(
    (s) => s.packageIds.includes(pkg.hopboxId),
  );
  expect(shipment).toMatchObject({ amount: total, insured: true, insuredValue: 3573 });
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, STAFF, staffReceivePackage } from '../support/e2e-utils';
import { wizardAtConfirm } from './shipments-utils';

const money = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} AED`;
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * Issue "When it goes wrong", the account balance (decision 063): a customer credited 20 AED sees it on the dashboard,
 * chooses to use it when paying for a package, is charged only the rest on the payment page, and pays.
 */
test('a customer pays a shipment partly from the account balance and the card is charged the rest', async ({ page, request }) => {
  const customer = await createAccount(request);
  const me = await apiSignIn(request, customer);
  const staff = await apiSignIn(request, STAFF);
  const credited = await request.post(`/api/staff/customers/${customer.lockerNumber}/wallet-adjustments`, {
    headers: staff.headers,
    data: { amount: 20, reason: 'Goodwill credit for a late delivery' },
  });
  expect(credited.status()).toBe(200);
  const pkg = await staffReceivePackage(request, staff.headers, customer.lockerNumber, {
    shipper: 'E2E Book Shop',
    packageContent: 'Cookbooks',
    origin: 'United Kingdom',
    quantity: 1,
    unitPrice: 40,
    totalPrice: 40,
    currency: 'GBP',
    packageWeight: 1.2,
    packageLength: 30,
    packageBreadth: 22,
    packageHeight: 8,
  });
  const address = await request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '12 Marina Walk', city: 'Dubai', country: 'United Arab Emirates' },
  });
  expect(address.status()).toBe(201);

  await openSignedIn(page, customer.email, customer.password, '/dashboard');
  await expect(page.getByRole('region', { name: 'Account balance' })).toContainText('Account balance: 20.00 AED');

  const wizard = await wizardAtConfirm(page, pkg.hopboxId);
  const price = amountOf(await wizard.getByTestId('amount-to-pay').textContent());
  expect(price).toBeGreaterThan(20);

  const useBalance = wizard.getByRole('checkbox', { name: 'Use my account balance (20.00 AED)' });
  await expect(useBalance).not.toBeChecked();
  await useBalance.check();
  const card = Math.round((price - 20) * 100) / 100;
  await expect(useBalance).toHaveAccessibleDescription(`Your balance pays 20.00 AED; the card pays the other ${money(card)}.`);
  await expect(wizard.getByTestId('amount-to-pay')).toHaveText(money(card));
  await expectNoAxeViolations(page, 'wizard paying with the account balance');
  await wizard.getByRole('button', { name: `Pay ${money(card)}` }).click();

  // The payment page shows the balance's part as a line of its own and asks the card for the rest.
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('price-lines')).toContainText('Account balance');
  await expect(page.getByTestId('amount')).toHaveText(money(card));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  const wallet = await (await request.get('/api/user/wallet', { headers: me.headers })).json();
  expect(wallet.data.balance).toBe(0);
});

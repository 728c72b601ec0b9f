import { expect, test } from '@playwright/test';
import { makePng } from '../packages/packages-utils';
import { receivePackage, wizardAtConfirm } from '../shipments/shipments-utils';
import { apiCall } from '../staff/staff-utils';
import { apiSignIn, DEMO, runId, STAFF, signIn } from '../support/e2e-utils';
import { claimFormFromShipment, deliveredDemoShipment } from './claims-utils';

const CLAIMED = 45;
const CREDIT = 30;
const money = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} AED`;
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
const png = (name: string, width: number) => ({ name, mimeType: 'image/png', buffer: makePng(width, 48) });
const balanceOf = async (request: Parameters<typeof apiCall>[0], headers: Record<string, string>) =>
  (await apiCall<{ data: { balance: number } }>(request, 'get', '/api/user/wallet', headers)).data.balance;

/**
 * Issue "When it goes wrong", its proof: a customer files a damaged claim with photos, staff approve a credit, and the
 * customer pays the next shipment partly with it: the balance pays its part, the card the rest.
 */
test('a damaged claim with photos is credited by staff, and the credit pays part of the next shipment', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { shipmentId } = await deliveredDemoShipment(request);
  // The next parcel: heavy enough that its shipping costs more than any balance the demo customer holds.
  const next = await receivePackage(request, `Cast-iron pan ${runId()}`, { weight: 9, length: 40, breadth: 30, height: 20 });
  const demo = await apiSignIn(request, DEMO);

  // The customer files the claim from the delivered shipment's details, with two photos.
  const form = await claimFormFromShipment(page, shipmentId);
  await form.getByRole('radio', { name: 'Arrived damaged' }).check();
  await form.getByLabel('What happened').fill('The lid of the box was torn open and the mug inside is chipped.');
  await form.getByLabel('Amount claimed').fill(String(CLAIMED));
  await form.locator('input[type="file"]').setInputFiles([png('torn-lid.png', 64), png('chipped-mug.png', 72)]);
  await form.getByRole('button', { name: 'File claim' }).click();
  await expect(page).toHaveURL(/\/claims\/\d+$/);
  const claimId = Number(new URL(page.url()).pathname.split('/').pop());
  const reference = `CLM${String(claimId).padStart(6, '0')}`;
  await expect(page.getByRole('list', { name: 'Photo of the claim' }).getByRole('button')).toHaveCount(2);

  // Staff, in their own browser, read it with the customer's photos and approve a credit of part of it.
  const console = await browser.newContext();
  const staffPage = await console.newPage();
  await signIn(staffPage, STAFF.email, STAFF.password);
  await expect(staffPage).toHaveURL(/\/staff$/);
  await staffPage.goto(`/staff/claims/${claimId}`);
  await expect(staffPage.getByRole('heading', { level: 1 })).toContainText(reference);
  await expect(staffPage.getByText('the mug inside is chipped')).toBeVisible();
  await staffPage
    .getByRole('group', { name: 'What do you decide?' })
    .getByRole('radio', { name: /^Approve/ })
    .check();
  await staffPage.getByRole('radio', { name: /^Credit to the account balance/ }).check();
  await expect(staffPage.getByLabel(/^Amount/)).toHaveValue(CLAIMED.toFixed(2));
  await staffPage.getByLabel(/^Amount/).fill(String(CREDIT));
  await staffPage.getByLabel('Message to the customer').fill('Sorry about the mug: the credit is on your account balance.');
  await staffPage.getByRole('button', { name: 'Approve the claim' }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toContainText('Approved');
  await console.close();

  // The customer reads the decision, and the credit is on the ledger with the claim's reference.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText(money(CREDIT));
  const wallet = await apiCall<{ data: { balance: number; entries: { amount: number; reference: string }[] } }>(
    request,
    'get',
    '/api/user/wallet',
    demo.headers,
  );
  expect(wallet.data.entries).toContainEqual(expect.objectContaining({ amount: CREDIT, reference }));
  const balance = wallet.data.balance;
  expect(balance).toBeGreaterThanOrEqual(CREDIT);

  // The next shipment: the balance pays its part, the card the rest.
  const wizard = await wizardAtConfirm(page, next.hopboxId);
  const price = amountOf(await wizard.getByTestId('amount-to-pay').textContent());
  expect(price).toBeGreaterThan(balance);
  await wizard.getByRole('checkbox', { name: `Use my account balance (${money(balance)})` }).check();
  const card = Math.round((price - balance) * 100) / 100;
  await expect(wizard.getByTestId('amount-to-pay')).toHaveText(money(card));
  await wizard.getByRole('button', { name: `Pay ${money(card)}` }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('price-lines')).toContainText('Account balance');
  await expect(page.getByTestId('amount')).toHaveText(money(card));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  expect(await balanceOf(request, demo.headers)).toBe(0);
});

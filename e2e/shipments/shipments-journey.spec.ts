import { messages } from '@hopbox/contracts/messages';
import { PAYMENT_CANCELLED_NOTICE } from '@hopbox/contracts/money';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, runId, signIn } from '../support/e2e-utils';
import { markConsolidationReady, receivePackage, saveAddress, selectPackage } from './shipments-utils';

async function signInAsDemo(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const sidebarLink = (page: Page, name: string) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name });

/** Walks the wizard to step 3 for the selected packages, shipping to the address with this label. */
async function wizardToConfirm(page: Page, count: number, addressLabel: string) {
  await page.getByRole('button', { name: `New Shipment (${count})` }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  await expect(wizard).toContainText('Step 1 of 3: Package Details');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 2 of 3: Shipping Address');
  await wizard.getByRole('radio', { name: new RegExp(addressLabel) }).check();
  const price = wizard.getByTestId('shipping-price');
  await expect(price).toHaveText(/^[\d,]+\.\d{2} AED$/);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 3 of 3: Confirm');
  await expect(price).toHaveText(/^[\d,]+\.\d{2} AED$/);
  return { wizard, price: (await price.textContent()) as string };
}

test.describe('shipments and card payments', () => {
  test('one package: address added, wizard, sandbox Pay, success page, Finalized in Sent Shipments', async ({ page, request }) => {
    const id = runId();
    const pkg = await receivePackage(request, `Espresso grinder ${id}`, { origin: 'Germany', weight: 1.2 });
    const label = `Home ${id}`;

    await signInAsDemo(page);

    // Addresses: the add modal insists on the required fields, then saves.
    await sidebarLink(page, 'Addresses').click();
    await expect(page.getByRole('heading', { name: 'Addresses', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Address' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expect(form.getByRole('alert').filter({ hasText: messages.addresses.requiredFields })).toBeVisible();
    await form.getByLabel('Label *').fill(label);
    await form.getByLabel('Address *').fill('Villa 7, Al Wasl Road');
    await form.getByLabel('City *').fill('Dubai');
    await form.getByLabel('Country *').selectOption('United Arab Emirates');
    await form.getByLabel('Postal Code').fill('00000');
    await form.getByLabel('Phone Number').fill('+971 50 765 4321');
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText(messages.addresses.added)).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByRole('listitem', { name: label })).toContainText('Villa 7, Al Wasl Road');
    // Without a recipient of its own, the account holder receives there (decision 027).
    await expect(page.getByRole('listitem', { name: label })).toContainText(DEMO.name);

    // Received Packages: one package into the wizard.
    await sidebarLink(page, 'Received Packages').click();
    await selectPackage(page, pkg.hopboxId);
    const { wizard, price } = await wizardToConfirm(page, 1, label);
    await expect(wizard).toContainText(pkg.hopboxId);
    await expect(wizard).toContainText('Single package, paid now');

    // Pay (the amount on the button): the draft waits in session storage while the customer is on the payment page.
    await wizard.getByRole('button', { name: /^Pay \d/ }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    // The one money format (decision 032): the payment page writes the amount exactly as the wizard does.
    await expect(page.getByTestId('amount')).toHaveText(price);
    // What is paid for, the one reference (the one the callback page shows), and a way back that pays nothing.
    await expect(page.getByTestId('items')).toContainText(pkg.hopboxId);
    await expect(page.getByTestId('destination')).toContainText('Villa 7, Al Wasl Road');
    const reference = (await page.getByTestId('reference').textContent()) ?? '';
    await expect(page.getByRole('link', { name: 'Cancel and go back' })).toHaveAttribute('href', /\/received-packages\?payment=cancelled$/);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(`Payment reference: ${reference}`)).toBeVisible();
    await expect(page.getByText(/shipment SHP\d+ has been created/)).toBeVisible();
    const shipmentId = ((await page.getByText(/shipment SHP\d+ has been created/).textContent()) ?? '').match(/SHP\d+/)?.[0] as string;
    expect(await page.evaluate(() => sessionStorage.getItem('pendingShipment'))).toBeNull();
    await expect(page.getByText('contact support')).toHaveCount(0);

    await page.getByRole('link', { name: 'View My Shipments' }).click();
    await expect(page).toHaveURL(/\/sent-shipment$/);
    await page.getByLabel('Search shipments').fill(shipmentId);
    // The search reaches the address once typing pauses; a click elsewhere before then races that write.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${shipmentId}`));
    const row = page.getByRole('row').filter({ hasText: shipmentId });
    await expect(row).toContainText(pkg.hopboxId);
    await expect(row).toContainText('Finalized');

    // The package has left the locker. Journeys running beside this one may have shipped every other demo package,
    // and an empty locker shows its own state instead of the search.
    await sidebarLink(page, 'Received Packages').click();
    const search = page.getByLabel('Search packages');
    const emptyLocker = page.getByText('No packages in your locker yet');
    await expect(search.or(emptyLocker)).toBeVisible();
    if (await search.isVisible()) {
      await search.fill(pkg.hopboxId);
      await expect(page.getByText('No packages match your search').or(emptyLocker)).toBeVisible();
    }
  });

  test('a declined card payment: the failed page, its support warning, and Try Again', async ({ page, request }) => {
    const id = runId();
    const pkg = await receivePackage(request, `Desk lamp ${id}`, { origin: 'Germany', weight: 0.8 });
    const label = `Office ${id}`;
    await saveAddress(request, label);

    await signInAsDemo(page);
    await sidebarLink(page, 'Received Packages').click();
    await selectPackage(page, pkg.hopboxId);
    const { wizard } = await wizardToConfirm(page, 1, label);
    await wizard.getByRole('button', { name: /^Pay \d/ }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByRole('button', { name: 'Decline' }).click();

    await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText(messages.payments.notSuccessful)).toBeVisible();
    await expect(page.getByText(/If you were charged but see this failure, please contact support/)).toBeVisible();
    // "contact support" starts a conversation about this payment (decision 058).
    await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', /^\/support\?about=payment&ref=.+/);

    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/received-packages$/);
    // Nothing was shipped: the package is still in the locker, ready for another attempt.
    await page.getByLabel('Search packages').fill(pkg.hopboxId);
    await expect(page.getByRole('checkbox', { name: `Select ${pkg.hopboxId}` })).toBeVisible();

    // A second try, given up on the payment page: back on Received Packages, which says so, nothing charged.
    await selectPackage(page, pkg.hopboxId);
    const again = await wizardToConfirm(page, 1, label);
    await again.wizard.getByRole('button', { name: /^Pay \d/ }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/received-packages$/);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: PAYMENT_CANCELLED_NOTICE })).toBeVisible();
  });

  test('three packages consolidated, made ready by the warehouse, finished, paid, and sent', async ({ page, request }) => {
    const id = runId();
    const content = `Ceramic bowl ${id}`;
    const packages = [];
    for (const weight of [0.6, 0.9, 1.1])
      packages.push(await receivePackage(request, content, { origin: 'Japan', weight, length: 8, breadth: 8, height: 8 }));
    const hopboxIds = packages.map((p) => p.hopboxId);
    const label = `Studio ${id}`;
    await saveAddress(request, label);

    await signInAsDemo(page);
    await sidebarLink(page, 'Received Packages').click();
    await page.getByLabel('Search packages').fill(id);
    for (const hopboxId of hopboxIds) await page.getByRole('checkbox', { name: `Select ${hopboxId}` }).check();
    const { wizard } = await wizardToConfirm(page, 3, label);
    await expect(wizard).toContainText('Consolidated shipment, paid when ready');
    await expect(wizard.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByText(messages.shipments.created)).toBeVisible();
    await expect(wizard).toBeHidden();

    // Shipments Progress: the consolidation, not ready yet.
    await sidebarLink(page, 'Shipments Progress').click();
    await page.getByLabel('Search shipments').fill(hopboxIds[0] as string);
    const table = page.getByRole('region', { name: 'Consolidated shipments' });
    const row = table.getByRole('row').filter({ hasText: hopboxIds[0] as string });
    for (const hopboxId of hopboxIds) await expect(row).toContainText(hopboxId);
    await expect(row).toContainText('No');
    const finish = page.getByRole('button', { name: 'Finish Shipment' });
    await expect(finish).toBeDisabled();
    await row.getByRole('checkbox').check();
    await expect(finish).toBeEnabled();
    await finish.click();
    await expect(page.getByText(messages.shipments.notReady)).toBeVisible();

    // The warehouse has combined the packages.
    const shipmentId = await markConsolidationReady(request, hopboxIds);
    await page.reload();
    await page.getByLabel('Search shipments').fill(shipmentId);
    await expect(row).toContainText('Yes');
    await row.getByRole('checkbox').check();
    await finish.click();
    const modal = page.getByRole('dialog', { name: 'Finish Shipments' });
    await expect(modal).toContainText('Japan');
    await expect(modal).toContainText('United Arab Emirates');
    await expect(modal).toContainText('2.6 kg');
    const amount = modal.getByTestId('finish-amount');
    await expect(amount).toHaveText(/^[\d,]+\.\d{2} AED$/);
    const charged = (await amount.textContent()) as string;
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();

    await page.waitForURL(/\/payments\/sandbox\//);
    await expect(page.getByTestId('amount')).toHaveText(charged);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/user\/consolidation-payment-callback\?ref=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(new RegExp(`Shipment ${shipmentId} is finished`))).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Shipments Progress' })).toBeVisible();

    await page.getByRole('link', { name: 'View My Shipments' }).click();
    await expect(page).toHaveURL(/\/sent-shipment$/);
    await page.getByLabel('Search shipments').fill(shipmentId);
    const sent = page.getByRole('region', { name: 'Sent shipments' }).getByRole('row').filter({ hasText: shipmentId });
    await expect(sent).toContainText('Finalized');
    await sent.getByRole('button', { name: `View ${shipmentId}` }).click();
    const details = page.getByRole('dialog', { name: `Shipment ${shipmentId}` });
    await expect(details).toContainText('Processing Date');
    await expect(details).toContainText(charged);
    await expect(details).toContainText('Paid');
    // Contact support starts a conversation about this shipment (decision 058).
    await expect(details.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      `/support?about=shipment&ref=${shipmentId}`,
    );

    // It left Shipments Progress.
    await details.getByRole('button', { name: 'Close' }).first().click();
    await sidebarLink(page, 'Shipments Progress').click();
    await expect(page.getByRole('heading', { name: 'Shipments Progress', level: 1 })).toBeVisible();
    await expect(page.getByText(shipmentId)).toHaveCount(0);
  });
});

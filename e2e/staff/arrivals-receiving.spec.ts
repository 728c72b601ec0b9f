import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, runId, STAFF } from '../support/e2e-utils';
import { apiCall } from './staff-utils';

/** The packages a customer sees in Received Packages, by Hopbox ID. */
async function customerHopboxIds(page: Page, headers: Record<string, string>): Promise<string[]> {
  const list = await apiCall<{ data: { hopboxId: string }[] }>(page.request, 'get', '/api/user/received-packages?pageSize=100', headers);
  return list.data.map((p) => p.hopboxId);
}

/** Fills the package's required fields (a parcel from Germany on the demo's first shelf) and receives it. */
async function fillAndReceive(page: Page, tag: string) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Shipper').fill(`Arrivals Shipper ${tag}`);
  await field('Content').fill(`Arrivals item ${tag}`);
  await field('Origin').selectOption('Germany');
  await field('Location').fill('A-01-01');
  await field('Package weight').fill('0.9');
  await page.getByRole('button', { name: 'Receive package', exact: true }).click();
}

test.describe('arrivals at the dock', () => {
  test('a parcel with no suite number goes to the customer who announced its tracking number', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = runId();
    const customer = await createAccount(request);
    const session = await apiSignIn(request, customer);
    const trackingNumber = `1ZARR${tag}`.toUpperCase();
    await apiCall(request, 'post', '/api/user/pre-alerts', session.headers, {
      trackingNumber,
      retailer: 'Best Buy',
      content: `Wireless headphones ${tag}`,
      declaredValue: 249,
      currency: 'USD',
    });

    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/receive');
    await expect(page.getByRole('heading', { level: 1, name: 'Receive a package' })).toBeVisible();
    await page.getByLabel('No suite number on the label').check();
    // Scanned with the spaces a label prints: the API compares tracking numbers without them.
    const lookup = page.getByRole('form', { name: 'Find the pre-alert' }).getByLabel('Tracking number');
    await expect(lookup).toBeFocused();
    await lookup.fill(`${trackingNumber.slice(0, 4)} ${trackingNumber.slice(4)}`);
    await lookup.press('Enter');

    // The match shows before anything else is filled.
    const found = page.getByRole('region', { name: 'Pre-alert found' });
    await expect(found).toContainText(
      `Announced by ${customer.fullName} (${customer.lockerNumber}): Wireless headphones ${tag} from Best Buy, 249.00 USD`,
    );
    await expect(found).toContainText(`it goes into ${customer.lockerNumber}`);
    await expect(page.getByLabel('Shipper', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Shipper', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Tracking number', { exact: true }).last()).toHaveValue(
      `${trackingNumber.slice(0, 4)} ${trackingNumber.slice(4)}`,
    );
    await expectNoAxeViolations(page, '/staff/receive with a pre-alert matched');

    // Received without a locker: it is the announcing customer's.
    await fillAndReceive(page, tag);
    const done = page.getByRole('heading', { name: new RegExp(`^HBX\\d+ is in locker ${customer.lockerNumber}$`) });
    await expect(done).toBeVisible();
    await expect(page.getByText(`${customer.fullName} sees it in Received Packages now`)).toBeVisible();
    const hopboxId = ((await done.textContent()) ?? '').split(' ')[0] as string;
    expect(await customerHopboxIds(page, session.headers)).toContain(hopboxId);
  });

  test('a parcel nobody announced waits in Unidentified until staff assign it to a locker', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = runId();
    const customer = await createAccount(request);
    const session = await apiSignIn(request, customer);

    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/receive');
    await page.getByLabel('No suite number on the label').check();
    const lookup = page.getByRole('form', { name: 'Find the pre-alert' }).getByLabel('Tracking number');
    await lookup.fill(`NOBODY${tag}`.toUpperCase());
    await lookup.press('Enter');
    await expect(page.getByText('Nobody announced this tracking number.')).toBeVisible();

    await fillAndReceive(page, tag);
    const done = page.getByRole('heading', { name: /^HBX\d+ is received as unidentified$/ });
    await expect(done).toBeVisible();
    const hopboxId = ((await done.textContent()) ?? '').split(' ')[0] as string;
    // Its label prints with the Hopbox ID all the same.
    await expect(page.getByRole('region', { name: 'Package label' })).toContainText(hopboxId);

    // The queue lists it; staff assign it to the customer's locker once its owner shows.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Unidentified' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unidentified' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: hopboxId });
    await expect(row).toContainText(`Arrivals Shipper ${tag}`);
    await expect(row).toContainText(`NOBODY${tag}`.toUpperCase());
    await expectNoAxeViolations(page, '/staff/unidentified');

    await row.getByRole('button', { name: `Assign ${hopboxId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${hopboxId}` });
    await dialog.getByLabel('Locker number').fill(customer.lockerNumber.toLowerCase());
    await expect(dialog.getByRole('region', { name: 'Customer found' })).toContainText(customer.fullName);
    await expectNoAxeViolations(page, 'the Assign dialog with the customer found');
    await dialog.getByRole('button', { name: `Assign to ${customer.lockerNumber}` }).click();
    await expect(page.getByText(`${hopboxId} is in locker ${customer.lockerNumber}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: hopboxId })).toHaveCount(0);
    expect(await customerHopboxIds(page, session.headers)).toContain(hopboxId);
  });
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, runId, STAFF, staffReceivePackage } from '../support/e2e-utils';

const parcel = (shipper: string, externalTrackingNumber: string) => ({
  shipper,
  packageContent: 'Desk lamp',
  origin: 'Germany',
  externalTrackingNumber,
  shipmentStatus: 'Not damaged',
  quantity: 1,
  unitPrice: 45,
  totalPrice: 45,
  currency: 'USD',
  packageWeight: 2,
  unitWeight: 2,
  packageLength: 40,
  packageBreadth: 25,
  packageHeight: 20,
});

test.describe('header search', () => {
  test("finds the customer's package by Hopbox ID and by tracking number, and opens Received Packages filtered to it", async ({
    page,
    request,
  }) => {
    const suffix = runId().toUpperCase();
    const account = await createAccount(request, { firstName: 'Sid', lastName: 'Search' });
    const staff = await apiSignIn(request, STAFF);
    const wanted = await staffReceivePackage(request, staff.headers, account.lockerNumber, parcel('Lamp House', `1Z${suffix}A`));
    const other = await staffReceivePackage(request, staff.headers, account.lockerNumber, parcel('Rug Works', `1Z${suffix}B`));

    await openSignedIn(page, account.email, account.password);
    const welcome = page.getByRole('heading', { level: 1, name: `Welcome, ${account.fullName}` });
    await expect(welcome).toBeVisible();
    const search = page.getByRole('combobox', { name: 'Search pages, packages and shipments' });
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();

    // Typing the Hopbox ID: after the pause, a "Packages" group with that package, picked with the mouse.
    await search.pressSequentially(wanted.hopboxId, { delay: 20 });
    const results = page.getByRole('listbox', { name: 'Search results' });
    const packagesGroup = results.getByRole('group', { name: 'Packages' });
    const option = packagesGroup.getByRole('option').filter({ hasText: wanted.hopboxId });
    await expect(option).toBeVisible();
    await expect(option).toContainText('Lamp House');
    await expect(packagesGroup.getByRole('option').filter({ hasText: other.hopboxId })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the header search with results');
    await option.click();

    await expect(page).toHaveURL(new RegExp(`/received-packages\\?q=${wanted.hopboxId}$`));
    await expect(search).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search packages' })).toHaveValue(wanted.hopboxId);
    const rows = page
      .getByRole('region', { name: 'Received packages' })
      .getByRole('row')
      .filter({ hasText: /HBX\d+/ });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(wanted.hopboxId);

    // By tracking number, with the keyboard only: no page matches, so the first option is the package.
    await page.goto('/dashboard');
    await expect(welcome).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type(`1z${suffix.toLowerCase()}b`);
    await expect(page.getByRole('group', { name: 'Packages' }).getByRole('option')).toHaveText([new RegExp(other.hopboxId)]);
    await expect(page.getByRole('option', { selected: true })).toContainText(other.hopboxId);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/received-packages\\?q=${other.hopboxId}$`));

    // Pages still come first, and one character asks nothing of the API.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('p');
    await expect(page.getByRole('group', { name: 'Pages' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Packages' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('staff keep the page-only search', async ({ page }) => {
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/receive');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    await expect(search).toBeVisible();
    await expect(page.getByRole('combobox', { name: /packages and shipments/ })).toHaveCount(0);
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/search')) asked = true;
    });
    await search.click();
    await page.keyboard.type('HBX1');
    await expect(page.getByText('No pages match')).toBeVisible();
    await page.waitForTimeout(600);
    expect(asked).toBe(false);
  });
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId } from '../support/e2e-utils';
import { ADMIN } from './staff-utils';

/** Issue "Declare, insure": an admin changes a host's free storage days; the customer's dashboard warns of storage. */
test.describe('storage time', () => {
  test("an admin changes a host's free storage days and daily fee on the Hosts page, and they stay saved", async ({ page, request }) => {
    const admin = await apiSignIn(request, ADMIN);
    const code = `ST-${runId().slice(-6).toUpperCase()}`;
    const name = `Storage Depot ${code}`;
    // Inactive and in a country no demo package comes from, so no other journey's storage or hosts change.
    const created = await request.post('/api/hosts', {
      headers: admin.headers,
      data: { name, address: '5 Lager Strasse', city: 'Bremen', country: 'Germany', code, active: false },
    });
    expect(created.status(), await created.text()).toBe(201);

    await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff/hosts');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('45 days free');
    await expect(row).toContainText('2.00 AED/day');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    const days = dialog.getByLabel('Free storage days');
    const fee = dialog.getByLabel('Storage fee per day (AED)');
    await expect(days).toHaveValue('45');
    await expect(fee).toHaveValue('2.00');
    await days.fill('400');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Free storage days must be a whole number from 0 to 365')).toBeVisible();
    await expectNoAxeViolations(page, 'the host form with an error', '[role="dialog"]');

    await days.fill('30');
    await fee.fill('3.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('30 days free');
    await expect(row).toContainText('3.50 AED/day');

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('30 days free');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('3.50 AED/day');
    await expectNoAxeViolations(page, '/staff/hosts with storage terms');
    const saved = await request.get(`/api/hosts/code/${code}`, { headers: admin.headers });
    expect((await saved.json()).data).toMatchObject({ freeStorageDays: 30, storageFeePerDay: 3.5 });
  });

  test('the dashboard says how many packages accrue storage fees and whose free storage ends within 7 days', async ({ page, request }) => {
    const customer = await apiSignIn(request, DEMO);
    const summary = await request.get('/api/user/dashboard', { headers: customer.headers });
    const { storage } = (await summary.json()).data as { storage: { endingSoon: number; accruing: number } };
    // The demo locker holds packages received up to seven weeks ago (45 free days by default).
    expect(storage.endingSoon).toBeGreaterThan(0);
    expect(storage.accruing).toBeGreaterThan(0);

    await openSignedIn(page, DEMO.email, DEMO.password, '/dashboard');
    const notice = page.getByRole('region', { name: 'Storage' });
    const plural = (n: number) => (n === 1 ? '1 package' : `${n} packages`);
    await expect(notice).toContainText(`${plural(storage.accruing)} ${storage.accruing === 1 ? 'is' : 'are'} accruing storage fees`);
    await expect(notice).toContainText(
      `${storage.endingSoon === 1 ? "1 package's" : `${storage.endingSoon} packages'`} free storage ends within 7 days`,
    );
    await expectNoAxeViolations(page, '/dashboard with the storage notice');
    await notice.getByRole('link', { name: /View Received Packages \(free storage ending\)/ }).click();
    await expect(page).toHaveURL(/\/received-packages$/);
  });
});

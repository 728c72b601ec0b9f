import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, openSignedIn, STAFF } from '../support/e2e-utils';

/** Issue "No surprise at the door" (decision 071): admins keep the import duty rule of each destination. */

const rowOf = (page: Page, country: string) => page.getByRole('row').filter({ has: page.getByText(country, { exact: true }) });

test.describe('duty rules', () => {
  test("an admin changes the UAE's VAT, adds a rule for Jordan with a chapter rate, and removes it", async ({ page, request }) => {
    const admin = await apiSignIn(request, ADMIN);
    // Another run of this journey may have left Jordan's rule, or changed the UAE's VAT: start from the seeded state.
    await request.delete('/api/admin/duty-rules/JO', { headers: admin.headers });

    await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Duty Rules' }).click();
    await expect(page).toHaveURL(/\/staff\/duty-rules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Duty rules' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Duty rules' });
    // The seeded GCC countries, by name.
    const countries = table.getByRole('row').locator('td:first-child span:first-child');
    await expect(countries).toHaveText(['Bahrain', 'Kuwait', 'Oman', 'Qatar', 'Saudi Arabia', 'United Arab Emirates']);
    const uae = rowOf(page, 'United Arab Emirates');
    await expect(uae).toContainText('1,000.00 AED');
    await expect(uae).toContainText('22: 50% · 24: 100%');
    await expectNoAxeViolations(page, '/staff/duty-rules');

    // Edit the UAE: the dialog holds its figures; a bad VAT rate is refused with the contracts' words.
    await uae.getByRole('button', { name: 'Edit the duty rule for United Arab Emirates' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the duty rule for United Arab Emirates' });
    const vat = edit.getByLabel('VAT rate (%)');
    await expect(vat).toHaveValue('5');
    await expect(edit.getByLabel('Duty-free up to')).toHaveValue('1000');
    await expect(edit.getByLabel('Exempt HS chapters')).toHaveValue('30, 49');
    await expect(edit.getByLabel('Chapter', { exact: true })).toHaveCount(2);
    await vat.fill('150');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Rates must be percents from 0 to 100')).toBeVisible();
    await expectNoAxeViolations(page, 'the duty rule dialog with an error', '[role="dialog"]');
    await vat.fill('7.5');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Duty rule for United Arab Emirates saved')).toBeVisible();
    await expect(rowOf(page, 'United Arab Emirates')).toContainText('7.5%');

    // Add Jordan: a currency the product cannot convert is refused on its field by the API, then JOD is taken.
    await page.getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a duty rule' });
    const country = add.getByLabel('Country');
    // A country that has a rule is edited, not added again.
    await expect(country.locator('option', { hasText: 'United Arab Emirates' })).toHaveCount(0);
    await country.selectOption({ label: 'Jordan' });
    await add.getByLabel('Currency').fill('XYZ');
    await add.getByLabel('Duty rate (%)').fill('10');
    await add.getByLabel('VAT rate (%)').fill('16');
    await add.getByLabel('Duty-free up to').fill('100');
    await add.getByLabel('Duty basis').selectOption('FOB');
    // Two chapter rows, the second removed again; a one-digit chapter is refused on its row.
    await add.getByRole('button', { name: 'Add chapter rate' }).click();
    await add.getByRole('button', { name: 'Add chapter rate' }).click();
    await add.getByLabel('Chapter', { exact: true }).nth(1).fill('62');
    await add.getByRole('button', { name: 'Remove chapter row 2' }).click();
    await expect(add.getByLabel('Chapter', { exact: true })).toHaveCount(1);
    await add.getByLabel('Chapter', { exact: true }).fill('6');
    await add.getByLabel('Rate (%)', { exact: true }).fill('20');
    await add.getByLabel('Source').fill('A journey test rule');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await expect(add.getByText('HS chapters are two digits, from 01 to 99')).toBeVisible();
    await add.getByLabel('Chapter', { exact: true }).fill('61');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await expect(add.getByText('Currency must be a 3-letter code the product converts, e.g. AED')).toBeVisible();
    await add.getByLabel('Currency').fill('jod');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await expect(add).toBeHidden();
    const jordan = rowOf(page, 'Jordan');
    await expect(jordan).toContainText('JOD');
    await expect(jordan).toContainText('100.00 JOD');
    await expect(jordan).toContainText('61: 20%');
    await expect(jordan).toContainText('10% on FOB');
    const saved = await request.get('/api/admin/duty-rules', { headers: admin.headers });
    const rules = (await saved.json()).rules as { countryCode: string; vatRate: number; hsChapterRates: Record<string, number> }[];
    expect(rules.find((r) => r.countryCode === 'AE')?.vatRate).toBe(7.5);
    expect(rules.find((r) => r.countryCode === 'JO')).toMatchObject({ vatRate: 16, hsChapterRates: { '61': 20 } });

    // Remove Jordan, after saying so.
    await jordan.getByRole('button', { name: 'Remove the duty rule for Jordan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove duty rule' });
    await expect(confirm).toContainText('Prices to Jordan then say import duties and taxes are not estimated.');
    await expectNoAxeViolations(page, 'the remove dialog', '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, 'Jordan')).toHaveCount(0);

    // Put the UAE's VAT back for the other journeys, which price to the UAE.
    await uae.getByRole('button', { name: 'Edit the duty rule for United Arab Emirates' }).click();
    await edit.getByLabel('VAT rate (%)').fill('5');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, 'United Arab Emirates')).not.toContainText('7.5%');
  });

  test('the page reads as cards on a phone, in the dark theme too', async ({ page }) => {
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff/duty-rules');
    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole('list', { name: 'Duty rules' });
    await expect(cards.getByRole('listitem').filter({ hasText: 'United Arab Emirates' })).toContainText('1,000.00 AED');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, '/staff/duty-rules at 375 px');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page, '/staff/duty-rules at 375 px in the dark theme');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  test("staff do not see Duty Rules in the menu and get 'Page not found' at its address", async ({ page }) => {
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dispatch' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Duty Rules' })).toHaveCount(0);
    await page.goto('/staff/duty-rules');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

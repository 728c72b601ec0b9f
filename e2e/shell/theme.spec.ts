import { expect, type Page, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

test('the dark theme is stored as theme and survives a reload; light comes back the same way', async ({ page }) => {
  await openSignedIn(page, DEMO.email, DEMO.password);
  const html = page.locator('html');

  // Light by default.
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBeNull();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  const darkBackground = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div') as Element).backgroundColor);

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await storedTheme(page)).toBe('dark');

  // Public pages follow the stored theme too.
  await page.goto('/no-such-page');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.goBack();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div') as Element).backgroundColor);
  expect(lightBackground, 'the page colours change with the theme').not.toBe(darkBackground);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

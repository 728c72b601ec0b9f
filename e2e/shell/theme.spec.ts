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

test("the stored theme is applied by index.html's own script, before any of the app's code, and the CSP allows it", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/no-such-page');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  // No app script loads: only the inline script in <head> can set the theme now.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('status')).toHaveText('Loading...');
  expect(refused, 'no script refused by the CSP').toEqual([]);
});

import { expect, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

/**
 * The first `Intl` formatter of a page loads the browser's locale data, 40 ms of the main thread on a fast machine,
 * in the middle of a list's first render; the customer pages write their dates, times and numbers without it
 * (decision 083). Each page is loaded with `Intl`'s constructors and the `toLocale*` methods watched.
 */
const PAGES = ['/dashboard', '/received-packages', '/shipments-progress', '/sent-shipment', '/photo-requests', '/addresses', '/profile'];

test('the customer pages show their dates, times and numbers without loading the locale data', async ({ page }) => {
  await page.addInitScript(() => {
    const uses: string[] = [];
    (window as unknown as { intlUses: string[] }).intlUses = uses;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'Collator', 'PluralRules', 'ListFormat'] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = function watched(...args: unknown[]) {
        uses.push(name);
        return new original(...args);
      };
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [proto, method] of methods) {
      const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method] as (...args: unknown[]) => unknown;
      (proto as Record<string, unknown>)[method] = function watched(this: unknown, ...args: unknown[]) {
        uses.push(method);
        return original.apply(this, args);
      };
    }
  });
  await openSignedIn(page, DEMO.email, DEMO.password);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    // The demo customer's lists have rows with dates, weights and ages: wait until they are shown.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses), path).toEqual([]);
  }
});

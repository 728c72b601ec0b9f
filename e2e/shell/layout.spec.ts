import { expect, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

const MENU_ITEMS = [
  'Dashboard',
  'Received Packages',
  'Shipments Progress',
  'Sent Shipments',
  'Photo Requests',
  'Addresses',
  'Profile',
  'Claims',
  'Support',
];

test.describe('unknown paths', () => {
  test("an unknown path shows 'Page not found', signed out and signed in", async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await openSignedIn(page, DEMO.email, DEMO.password, '/dashboard/does/not/exist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
  });
});

test.describe('desktop sidebar', () => {
  test('collapses to 90px, widens while hovered, expands to 290px; Ctrl+K focuses the search', async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const width = async () => (await sidebar.boundingBox())?.width;
    const mainLeft = async () => (await page.locator('#main').boundingBox())?.x ?? 0;

    await expect(sidebar.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText(MENU_ITEMS);
    await expect.poll(width).toBe(290);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await toggle.click();
    await expect.poll(width).toBe(90);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(mainLeft, 'the page moves next to the narrow sidebar').toBeLessThan(290);
    // Icons only: the labels stay for screen readers, and the links keep working.
    await expect(sidebar.getByRole('link', { name: 'Addresses' })).toBeVisible();

    // Hovering the collapsed sidebar widens it over the page; leaving narrows it again.
    await sidebar.hover();
    await expect.poll(width).toBe(290);
    await page.mouse.move(900, 400);
    await expect.poll(width).toBe(90);

    await toggle.click();
    await expect.poll(width).toBe(290);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const search = page.getByRole('combobox', { name: 'Search pages' });
    await expect(search).not.toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    // The search jumps to a page.
    await page.keyboard.type('addresses');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(search).not.toBeFocused();
  });
});

test.describe('mobile layout at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar is an overlay menu opened by the toggle, closed by Escape, and it navigates', async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(375);

    // includeHidden: while the overlay is open, the page behind it is hidden from assistive technology.
    const toggle = page.getByRole('button', { name: 'Toggle sidebar', includeHidden: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText(MENU_ITEMS);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const box = await menu.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeLessThanOrEqual(375);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Photo Requests' }).click();
    await expect(page).toHaveURL(/\/photo-requests$/);
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Photo Requests' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});

test.describe('one label per page', () => {
  test('the menu, the page heading and the tab all say "Sent Shipments"', async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sent Shipments', exact: true }).click();
    await expect(page).toHaveURL(/\/sent-shipment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sent Shipments');
    await expect(page).toHaveTitle(/^Sent Shipments\b/);
  });
});

test.describe('user menu', () => {
  test('opens from the keyboard the first time, when its code loads on demand, and Escape gives focus back to its button', async ({
    page,
  }) => {
    // The menu's code is not part of the page: its first opening loads it (decision 081).
    const menuCode: string[] = [];
    await openSignedIn(page, DEMO.email, DEMO.password);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') menuCode.push(request.url());
    });
    const button = page.getByRole('button', { name: `User menu for ${DEMO.name}` });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(DEMO.email)).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menuCode.length, 'the menu loaded its code when first wanted').toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // From now on it is the menu itself: Arrow Down opens it on its first item.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });
});

test.describe('lists by width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a list renders only the layout its container's width calls for, and switches when the window resizes", async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages');
    const table = page.locator('main table');
    const cards = page.getByRole('list', { name: 'Received packages' });
    // Wide: the table with its rows, and no card list in the page at all (not merely hidden).
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('main ul[aria-label="Received packages"]')).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(table).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(375);

    // A page loaded narrow renders cards from the start: no table is ever put in the page.
    await page.addInitScript(() => {
      const seen = { tables: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if (node instanceof Element && (node.matches('table') || node.querySelector('table'))) seen.tables++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seen: { tables: number } }).seen.tables)).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('main ul[aria-label="Received packages"]')).toHaveCount(0);
  });
});

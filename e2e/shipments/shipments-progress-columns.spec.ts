import { expect, test } from '@playwright/test';
import { openSignedIn } from '../support/e2e-utils';
import { newCustomerWithConsolidation } from './shipments-utils';

/** SPEC.md's columns of Shipments Progress, in order. */
const COLUMNS = [
  'Shipment ID',
  'Locker',
  'Customer',
  'Shipments',
  'Total Weight',
  'Origin',
  'Ready to Ship',
  'Consolidation Status',
  'Created Date',
  'Price',
];

/**
 * Issue "Exactly once, in one place", loose ends: on a 1280-px laptop beside the sidebar, Shipments Progress keeps
 * every SPEC.md column; the table scrolls sideways and the price with its Pay action stays in view, as in Sent Shipments.
 */
test('Shipments Progress keeps every column at 1280 px, scrolling sideways with the price pinned', async ({ page, request }) => {
  const { customer, consolidation } = await newCustomerWithConsolidation(request, ['Kettle', 'Toaster']);
  const { shipmentId } = consolidation;

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, customer.email, customer.password, '/shipments-progress');
  const table = page.getByRole('table', { name: 'Consolidated shipments' });
  await expect(table.getByRole('row', { name: new RegExp(shipmentId) })).toBeVisible();
  for (const name of COLUMNS) await expect(table.getByRole('columnheader', { name, exact: true })).toBeAttached();

  const price = table.getByRole('columnheader', { name: 'Price', exact: true });
  const region = page.locator('[data-overflowing="true"]');
  await expect(region).toHaveCount(1);
  const viewport = page.viewportSize()?.width ?? 1280;
  for (const scrollLeft of [0, 10_000]) {
    await region.evaluate((el, left) => el.scrollTo({ left }), scrollLeft);
    const box = await price.boundingBox();
    expect(box && box.x + box.width, `the price in view, scrolled to ${scrollLeft}`).toBeLessThanOrEqual(viewport);
    await expect(price).toBeInViewport();
  }
  // Scrolled to its end, the columns the price covered before are in view beside it.
  await expect(table.getByRole('columnheader', { name: 'Created Date', exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'only the table scrolls sideways').toBeLessThanOrEqual(viewport);
});

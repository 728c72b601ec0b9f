import { expect, test } from '@playwright/test';
import { DEMO, holdRequests, openSignedIn } from '../support/e2e-utils';

/**
 * A signed-in page asks for its data while its code is still loading (the route's loader, decision
 * 019), so it shows its content without a spinner after the chunk. Each page's chunk is held: its data
 * request must still be made.
 */
const PAGES = [
  { path: '/dashboard', chunk: 'dashboard-route', data: '/api/user/dashboard' },
  {
    path: '/received-packages?page=1&pageSize=20',
    chunk: 'received-packages-route',
    data: '/api/user/received-packages?page=1&pageSize=20',
  },
  { path: '/shipments-progress', chunk: 'shipments-progress-page', data: '/api/user/shipments/consolidated' },
  { path: '/sent-shipment', chunk: 'sent-shipment-page', data: '/api/user/shipments/sent' },
  {
    path: '/photo-requests?status=Completed&pageSize=20',
    chunk: 'photo-requests-page',
    data: '/api/user/photo-requests?page=1&pageSize=20&status=COMPLETED',
  },
  { path: '/addresses', chunk: 'addresses-page', data: '/api/user/addresses' },
];

test('each signed-in page requests its data while its chunk is still loading', async ({ page }) => {
  await openSignedIn(page, DEMO.email, DEMO.password);
  for (const { path, chunk, data } of PAGES) {
    const release = await holdRequests(page, `**/assets/${chunk}-*.js`);
    const asked = page.waitForRequest((request) => request.url().includes(data), { timeout: 5000 });
    await page.goto(path);
    await asked;
    release();
    await expect(page.locator('main h1')).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
  }
});

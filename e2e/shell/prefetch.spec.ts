import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, holdRequests, openSignedIn } from '../support/e2e-utils';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * A signed-in page asks for its data while its code is still loading (the route's loader, decision
 * 019), so it shows its content without a spinner after the chunk. Each page's chunk is held: its data
 * request must still be made.
 */
const PAGES = [
  { path: '/dashboard', source: 'src/app/routes/dashboard-route.tsx', data: '/api/user/dashboard' },
  {
    path: '/received-packages?page=1&pageSize=20',
    source: 'src/app/routes/received-packages-route.tsx',
    data: '/api/user/received-packages?page=1&pageSize=20',
  },
  {
    path: '/shipments-progress',
    source: 'src/features/shipments/pages/shipments-progress-page.tsx',
    data: '/api/user/shipments/consolidated',
  },
  { path: '/sent-shipment', source: 'src/features/shipments/pages/sent-shipment-page.tsx', data: '/api/user/shipments/sent' },
  {
    path: '/photo-requests?status=Completed&pageSize=20',
    source: 'src/features/photo-requests/pages/photo-requests-page.tsx',
    data: '/api/user/photo-requests?page=1&pageSize=20&status=COMPLETED',
  },
  { path: '/addresses', source: 'src/features/addresses/pages/addresses-page.tsx', data: '/api/user/addresses' },
  { path: '/profile', source: 'src/app/routes/profile-route.tsx', data: '/api/auth/user/profile' },
];

test('each signed-in page requests its data while its chunk is still loading', async ({ page }) => {
  // Chunks are named by their hash (decision 035): the build's manifest says which file holds a page.
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  await openSignedIn(page, DEMO.email, DEMO.password);
  for (const { path: pagePath, source, data } of PAGES) {
    // Off the site first: a request the page before makes late (the dashboard that signing in lands on) is not
    // mistaken for this page's.
    await page.goto('about:blank');
    const chunk = `/${manifest[source]?.file}`;
    const release = await holdRequests(page, `**${chunk}`);
    const asked = page.waitForRequest((request) => request.url().includes(data), { timeout: 5000 });
    // Not waiting for the load event: the held chunk would hold it.
    await page.goto(pagePath, { waitUntil: 'commit' });
    await asked;
    expect(release.held(), `${pagePath}'s chunk ${chunk} was asked for and held while its data was requested`).toBe(true);
    release();
    await expect(page.locator('main h1')).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
  }
});

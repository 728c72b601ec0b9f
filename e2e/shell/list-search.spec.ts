import { expect, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

test.describe('a list search typed just before a click elsewhere', () => {
  test('the click goes where it points and the search is kept for Back', async ({ page }) => {
    // The demo customer has sent shipments, so Sent Shipments shows its search.
    await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
    const search = page.getByLabel('Search shipments');
    await expect(search).toBeVisible();
    const link = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Photo Requests', exact: true });
    const box = await link.boundingBox();
    if (!box) throw new Error('the Photo Requests link has no box');

    // The press lands well inside the 300 ms pause after which the search writes itself into the address.
    await search.pressSequentially('SHP42', { delay: 10 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/photo-requests$/);
    // Past the pause: a late write of the search would have sent the customer back to Sent Shipments.
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(/\/photo-requests$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Photo Requests' })).toBeVisible();

    // What was typed was written before the click's navigation, so Back shows it.
    await page.goBack();
    await expect(page).toHaveURL(/\/sent-shipment\?q=SHP42$/);
    await expect(page.getByLabel('Search shipments')).toHaveValue('SHP42');
  });
});

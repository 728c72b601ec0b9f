import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, runId, STAFF, signIn } from '../support/e2e-utils';
import { makePng } from './packages-utils';

/**
 * Decision 030: the photos the warehouse takes at receipt show in the customer's Package Details as a
 * strip of thumbnails that open large, and never as a photo request the customer did not make.
 */
test('photos taken at receipt show in Package Details as a strip, not as a photo request', async ({ page, request }) => {
  const tag = runId();
  const staff = await apiSignIn(request, STAFF);
  const demo = await apiSignIn(request, DEMO);
  const received = await request.post('/api/staff/packages/with-photos', {
    headers: staff.headers,
    multipart: {
      package: JSON.stringify({
        lockerNumber: demo.user.lockerNumber,
        shipper: `Strip Outfitters ${tag}`,
        packageContent: 'Rain jacket',
        origin: 'Germany',
        shipmentStatus: 'Not damaged',
        location: 'A-01-01',
        quantity: 1,
        unitPrice: 60,
        totalPrice: 60,
        currency: 'EUR',
        packageWeight: 0.9,
        unitWeight: 0.9,
        packageLength: 30,
        packageBreadth: 20,
        packageHeight: 10,
      }),
      files: { name: `front-${tag}.png`, mimeType: 'image/png', buffer: makePng(120, 80) },
    },
  });
  expect(received.status(), await received.text()).toBe(201);
  const id = ((await received.json()) as { data: { hopboxId: string } }).data.hopboxId;

  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/received-packages');
  await page.getByRole('button', { name: `View details of ${id}` }).click();
  const details = page.getByRole('dialog', { name: 'Package Details' });
  await expect(details.getByRole('heading', { name: 'Photos taken at receipt (1)' })).toBeVisible();
  const strip = details.getByRole('list', { name: 'Photo taken at receipt' });
  const thumbnail = strip.getByRole('button', { name: `Photo 1 of 1: front-${tag}.png` });
  await expect(thumbnail).toHaveAttribute('aria-pressed', 'false');
  await thumbnail.click();
  await expect(thumbnail).toHaveAttribute('aria-pressed', 'true');
  await expect(details.getByRole('img', { name: `Photo taken at receipt front-${tag}.png` })).toBeVisible();
  await expectNoAxeViolations(page, 'Package Details with receipt photos', '[role="dialog"]');
  await details.getByRole('button', { name: 'Close photo' }).click();
  await expect(details.getByRole('img', { name: `Photo taken at receipt front-${tag}.png` })).toHaveCount(0);
  await expect(details.getByText('None open')).toBeVisible();
  await page.keyboard.press('Escape');

  // Photo Requests knows nothing of it: the customer asked for nothing.
  await page.goto('/photo-requests');
  await page.getByLabel('Search photo requests').fill(id);
  await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(0);
});

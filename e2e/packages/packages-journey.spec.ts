import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, STAFF, signIn, staffReceivePackage } from '../support/e2e-utils';
import { makePng } from './packages-utils';

const png = makePng();
const suffix = Date.now().toString(36);
const shipper = `Journey Outfitters ${suffix}`;
const content = 'Trail running backpack';

async function signInAsDemo(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a package from the warehouse to the customer, edited, photographed, and the photo downloaded', async ({ page, request }) => {
  // The warehouse receives a package into the demo customer's locker.
  const staff = await apiSignIn(request, STAFF);
  const demo = await apiSignIn(request, DEMO);
  const pkg = await staffReceivePackage(request, staff.headers, demo.user.lockerNumber, {
    shipper,
    packageContent: content,
    origin: 'Germany',
    externalTrackingNumber: `DE${suffix.toUpperCase()}`,
    shipmentStatus: 'Not damaged',
    quantity: 1,
    unitPrice: 80,
    totalPrice: 80,
    currency: 'EUR',
    description: 'Backpack, 30 litres',
    notes: 'Box slightly dented',
    packageWeight: 1.4,
    unitWeight: 1.4,
    packageLength: 50,
    packageBreadth: 30,
    packageHeight: 20,
  });
  const id = pkg.hopboxId;

  // The customer finds it in Received Packages (newest first) and by searching.
  await signInAsDemo(page);
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Received Packages' }).click();
  await expect(page.getByRole('heading', { name: 'Received Packages', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText(shipper);
  await expect(row).toContainText('Germany');

  await page.getByLabel('Search packages').fill(id);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  await expect(row).toContainText(content);

  // Edit: quantity and unit price fill in the total; the table and the details show the change.
  await page.getByRole('button', { name: `Edit ${id}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Package' });
  await edit.getByLabel('Description').fill('Backpack, 30 litres, two of them');
  await edit.getByLabel('Quantity').fill('2');
  await edit.getByLabel('Unit Price (EUR)').fill('45.5');
  await expect(edit.getByLabel('Total Price (EUR)')).toHaveValue('91');
  await edit.getByLabel('Total Price (EUR)').fill('90.99');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Package updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: `View details of ${id}` }).click();
  const details = page.getByRole('dialog', { name: 'Package Details' });
  await expect(details).toContainText('Backpack, 30 litres, two of them');
  await expect(details).toContainText('90.99 EUR');
  await expect(details).toContainText('45.50 EUR');
  await expect(details).toContainText('1.4 kg');
  await expect(details).toContainText('50 × 30 × 20 cm');
  await expect(details).toContainText('Not damaged');
  await details.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(details).toBeHidden();

  const stored = await request.get(`/api/user/received-packages?q=${id}`, { headers: demo.headers });
  expect(((await stored.json()) as { data: unknown[] }).data[0]).toMatchObject({
    quantity: 2,
    unitPrice: 45.5,
    totalPrice: 90.99,
    description: 'Backpack, 30 litres, two of them',
  });

  // Request a photo: the badge replaces the button.
  await page.getByRole('button', { name: `Request photo of ${id}` }).click();
  const ask = page.getByRole('dialog', { name: 'Request Photo' });
  await ask.getByLabel('Priority').selectOption('HIGH');
  await ask.getByLabel('Notes (optional)').fill('Please show the zips');
  await ask.getByRole('button', { name: 'Request Photo' }).click();
  await expect(page.getByText('Photo request submitted successfully!')).toBeVisible();
  await expect(row.getByText('Photo Requested')).toBeVisible();
  await expect(page.getByRole('button', { name: `Request photo of ${id}` })).toHaveCount(0);

  // The warehouse uploads a real image and completes the request.
  const queue = await request.get(`/api/staff/photo-requests?status=PENDING&q=${id}`, { headers: staff.headers });
  expect(queue.status(), await queue.text()).toBe(200);
  const photoRequest = ((await queue.json()) as { data: { id: number; shipmentId: string; priority: string }[] }).data.find(
    (r) => r.shipmentId === id,
  );
  expect(photoRequest).toMatchObject({ priority: 'HIGH' });
  const requestId = photoRequest?.id as number;
  const upload = await request.post(`/api/staff/photo-requests/${requestId}/attachments`, {
    headers: staff.headers,
    multipart: { files: { name: 'backpack-front.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const done = await request.put(`/api/staff/photo-requests/${requestId}`, {
    headers: staff.headers,
    data: { status: 'COMPLETED', notes: 'Front view, zips closed' },
  });
  expect(done.status(), await done.text()).toBe(200);

  // The customer sees it completed, opens it and downloads the very image that was uploaded.
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Photo Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Photo Requests', level: 1 })).toBeVisible();
  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Completed' }).click();
  await page.getByLabel('Search photo requests').fill(id);
  const requestRow = page.getByRole('row').filter({ hasText: id });
  await expect(requestRow).toContainText('Completed');
  await expect(requestRow).toContainText('High');

  await requestRow.getByRole('button', { name: `View details of ${id} photo request` }).click();
  const photoDetails = page.getByRole('dialog', { name: 'Photo Request Details' });
  await expect(photoDetails).toContainText('Photos are ready for viewing');
  await expect(photoDetails).toContainText('Please show the zips');
  await expect(photoDetails).toContainText('Front view, zips closed');
  await expect(photoDetails).toContainText(`${(png.length / 1024).toFixed(2)} KB`);
  // The preview is shown from a blob URL (the file needs the bearer token).
  await expect(photoDetails.getByRole('img', { name: 'Photo backpack-front.png' })).toHaveAttribute('src', /^blob:/);

  const downloadPromise = page.waitForEvent('download');
  await photoDetails.getByRole('button', { name: 'Download backpack-front.png' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('backpack-front.png');
  const saved = await readFile(await download.path());
  expect(saved.equals(png)).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility with a modal open, ${theme} theme`, () => {
    test.use({ reducedMotion: 'reduce' });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('Received Packages with the Package Details, Edit Package and Request Photo modals', async ({ page }) => {
      await signInAsDemo(page);
      await page.goto('/received-packages');
      await page
        .getByRole('button', { name: /^View details of / })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: 'Package Details' });
      await expect(details).toBeVisible();
      await expect(details.locator(':focus')).toHaveCount(1);
      await expectNoAxeViolations(page, `Received Packages, Package Details (${theme})`);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit Package' })).toBeVisible();
      await expectNoAxeViolations(page, `Received Packages, Edit Package (${theme})`);
      await page.keyboard.press('Escape');

      await page
        .getByRole('button', { name: /^Request photo of / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Request Photo' })).toBeVisible();
      await expectNoAxeViolations(page, `Received Packages, Request Photo (${theme})`);
    });

    test('Photo Requests with the details modal and its photos', async ({ page }) => {
      await signInAsDemo(page);
      await page.goto('/photo-requests');
      await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Completed' }).click();
      await page
        .getByRole('button', { name: /^View details of .* photo request$/ })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: 'Photo Request Details' });
      await expect(details.getByRole('img', { name: /^Photo / })).toBeVisible();
      await expectNoAxeViolations(page, `Photo Requests, details (${theme})`);
    });
  });
}

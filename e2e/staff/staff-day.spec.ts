import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { PHOTO_REQUEST_STATUS_FOR_STAFF } from '@hopbox/contracts/photo-requests';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF, signIn, waitForMail } from '../support/e2e-utils';
import { ADMIN, apiCall, DEMO_LOCKER, expectFirstDialogAccessible, pngImage, portalLinks } from './staff-utils';

type UserPackage = Pick<
  Package,
  'id' | 'hopboxId' | 'origin' | 'quantity' | 'packageWeight' | 'packageLength' | 'packageBreadth' | 'packageHeight'
>;

/** A second browser for the customer, signed in as the demo account. */
async function customerBrowser(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openSignedIn(page, DEMO.email, DEMO.password, path);
  return { context, page };
}

/** Types into a list's search field and waits for the row that names `text`. */
async function findRow(page: Page, searchLabel: string, text: string) {
  await page.getByLabel(searchLabel).fill(text);
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row.first()).toBeVisible();
  return row.first();
}

test.describe('warehouse console', () => {
  test("a customer who opens the console's address gets 'Page not found'", async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password, '/staff');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/staff/receive');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Received Packages' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Receive', exact: true })).toHaveCount(0);
  });

  test("a staff member's day: receive, photos, a consolidation and a dispatch; the customer sees it all, by mail too", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const origin = baseURL as string;
    const tag = runId();
    const demo = await apiSignIn(request, DEMO);

    // Staff sign in and land in the console; the customer pages send them back to it.
    await signIn(page, STAFF.email, STAFF.password);
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Good to see you, ${STAFF.firstName}`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Hosts' })).toHaveCount(0);
    await page.goto('/received-packages');
    await expect(page).toHaveURL(/\/staff$/);
    await page.goto('/staff/hosts');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    // ---- Receive three packages for the demo customer, the first with a photo taken at receipt.
    await menu.getByRole('link', { name: 'Receive', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Receive a package' })).toBeVisible();
    await page.getByLabel('Locker number').fill('HB999999');
    await page.getByRole('button', { name: 'Find customer' }).click();
    await expect(page.getByText('No customer has locker number HB999999')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Receive package/ })).toBeDisabled();

    await page.getByLabel('Locker number').fill(DEMO_LOCKER.toLowerCase());
    await page.getByRole('button', { name: 'Find customer' }).click();
    const customer = page.getByRole('region', { name: 'Customer found' });
    await expect(customer).toContainText(DEMO.name);
    await expect(customer).toContainText(DEMO.email);
    await expect(customer).toContainText('United Arab Emirates');

    // The form checks the contract's rules before sending.
    await page.getByRole('button', { name: 'Receive package', exact: true }).click();
    await expect(page.getByText('Shipper is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Package weight is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Location is required', { exact: true })).toBeVisible();

    const received: string[] = [];
    const receiptPhoto = `receipt-${tag}.png`;
    for (const [i, condition] of (['Not damaged', 'Damaged', 'Not damaged'] as const).entries()) {
      await page.getByLabel('Shipper', { exact: true }).fill(`E2E Warehouse ${tag}`);
      await page.getByLabel('Content', { exact: true }).fill(`Staff day item ${i + 1} ${tag}`);
      await page.getByLabel('Origin', { exact: true }).selectOption('United States of America');
      await page.getByLabel('Tracking number', { exact: true }).fill(`1Z${tag}${i}`.toUpperCase());
      await page.getByLabel('Condition', { exact: true }).selectOption(condition);
      await page.getByLabel('Location', { exact: true }).fill(`B-02-0${i + 1}`);
      await page.getByLabel('Quantity', { exact: true }).fill('2');
      await page.getByLabel('Unit price', { exact: true }).fill('12.50');
      await expect(page.getByLabel('Total price', { exact: true })).toHaveValue('25.00');
      await page.getByLabel('Package weight', { exact: true }).fill('0.8');
      await page.getByLabel('Length', { exact: true }).fill('20');
      await page.getByLabel('Breadth', { exact: true }).fill('15');
      await page.getByLabel('Height', { exact: true }).fill('10');
      if (i === 0) {
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: receiptPhoto, mimeType: 'image/png', buffer: await pngImage(200, 120, 40) });
        await expect(page.getByRole('img', { name: `Preview of ${receiptPhoto}` })).toBeVisible();
        await page.getByRole('button', { name: 'Receive package with 1 photo' }).click();
      } else {
        await page.getByRole('button', { name: 'Receive package', exact: true }).click();
      }

      const done = page.getByRole('heading', { name: new RegExp(`^HBX\\d+ is in locker ${DEMO_LOCKER}$`) });
      await expect(done).toBeVisible();
      const hopboxId = ((await done.textContent()) ?? '').split(' ')[0] as string;
      received.push(hopboxId);

      const label = page.getByRole('region', { name: 'Package label' });
      await expect(label).toContainText(hopboxId);
      await expect(label).toContainText(DEMO_LOCKER);
      await expect(label).toContainText(DEMO.name);
      await expect(label.getByRole('img', { name: `Code 128 barcode of ${hopboxId}` })).toBeVisible();
      await expect(label.getByRole('img', { name: `QR code of ${hopboxId}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
      if (i === 0) {
        // Printed, only the label is on the page: no menu, no header, no form.
        await page.emulateMedia({ media: 'print' });
        await expect(menu).toBeHidden();
        await expect(page.locator('.hb-print-root')).toBeVisible();
        await expect(page.locator('.hb-print-root')).toContainText(hopboxId);
        await page.emulateMedia({ media: 'screen' });
        await expect(menu).toBeVisible();
      }
      await page.getByRole('button', { name: 'Receive another' }).click();
      await expect(customer).toContainText(DEMO.name);
    }
    expect(new Set(received).size).toBe(3);

    // ---- Packages: find one across the lockers and read its history.
    await menu.getByRole('link', { name: 'Packages' }).click();
    await page.getByLabel('Search packages').fill(received[1] as string);
    await page.getByRole('button', { name: `Open package ${received[1]}` }).click();
    const details = page.getByRole('dialog', { name: `Package ${received[1]}` });
    await expect(details).toContainText('Damaged');
    await expect(details).toContainText(`Staff day item 2 ${tag}`);
    const packageHistory = details.getByRole('region', { name: 'History' });
    await expect(packageHistory).toContainText('Received the package');
    await expect(packageHistory).toContainText('Sam Warehouse');
    await details.getByRole('button', { name: 'Close' }).click();

    // The customer sees the three packages in Received Packages at once.
    const customerSide = await customerBrowser(browser, origin, '/received-packages');
    const customerPage = customerSide.page;
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Received Packages' })).toBeVisible();
    for (const id of received) await findRow(customerPage, 'Search packages', id);

    // ---- A photo request from the customer, answered with two photos.
    const mine = await apiCall<{ data: UserPackage[] }>(request, 'get', '/api/user/received-packages?pageSize=100', demo.headers);
    const packageOf = (hopboxId: string) => {
      const found = mine.data.find((p) => p.hopboxId === hopboxId);
      expect(found, hopboxId).toBeDefined();
      return found as UserPackage;
    };
    const third = packageOf(received[2] as string);
    const { photoRequest } = await apiCall<{ photoRequest: { id: number; orderId: string } }>(
      request,
      'post',
      '/api/user/photo-requests',
      demo.headers,
      { packageId: third.id, requestType: 'DAMAGE_PHOTO', priority: 'URGENT', notes: `Both sides please ${tag}` },
    );

    await menu.getByRole('link', { name: 'Photo Requests' }).click();
    await page.getByLabel('Search photo requests').fill(third.hopboxId);
    await page.getByRole('button', { name: `Open photo request ${photoRequest.orderId} for ${third.hopboxId}` }).click();
    const request1 = page.getByRole('dialog', { name: `Photo request ${photoRequest.orderId}` });
    await expect(request1).toContainText(`Both sides please ${tag}`);
    await expect(request1.getByRole('button', { name: 'Complete' })).toBeDisabled();
    await request1.getByRole('button', { name: 'Take' }).click();
    await expect(request1).toContainText(PHOTO_REQUEST_STATUS_FOR_STAFF.IN_PROGRESS);
    await expect(request1.getByRole('button', { name: 'Take' })).toHaveCount(0);

    const front = `front-${tag}.png`;
    const side = `side-${tag}.png`;
    await request1.locator('input[type="file"]').setInputFiles([
      { name: front, mimeType: 'image/png', buffer: await pngImage(30, 90, 200) },
      { name: side, mimeType: 'image/png', buffer: await pngImage(40, 160, 90) },
    ]);
    for (const name of [front, side]) {
      await expect(request1.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('aria-valuenow', '100');
      await expect(request1.getByRole('img', { name, exact: true })).toBeVisible();
    }
    await expect(request1.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem')).toHaveCount(2);
    await request1.getByLabel('Notes for the customer').fill('Both sides photographed in daylight');
    await request1.getByRole('button', { name: 'Complete' }).click();
    await expect(request1).toContainText(PHOTO_REQUEST_STATUS_FOR_STAFF.COMPLETED);
    await expect(request1.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    const requestHistory = request1.getByRole('region', { name: 'History' });
    await expect(requestHistory).toContainText('Took the request');
    await expect(requestHistory).toContainText('Uploaded photos');
    await expect(requestHistory).toContainText('Completed the request');
    await request1.getByRole('button', { name: 'Close' }).click();

    // ---- A consolidation of the first two packages, marked Ready to Ship.
    const address = await apiCall<{ data: { id: number } }>(request, 'post', '/api/user/addresses', demo.headers, {
      label: `Staff day ${tag}`,
      address: 'Villa 7, Jumeirah Beach Road',
      city: 'Dubai',
      state: 'Dubai',
      country: 'United Arab Emirates',
      postalCode: '00000',
      phoneNumber: '+971501234567',
    });
    const created = await apiCall<{ data: { id: number } }>(request, 'post', '/api/user/shipments', demo.headers, {
      packages: [received[0], received[1]],
      addressId: address.data.id,
      isSinglePackage: false,
      shipmentStatus: 'Pending',
    });
    const consolidated = await apiCall<{ data: { id: number; shipment_id: string }[] }>(
      request,
      'get',
      '/api/user/shipments/consolidated',
      demo.headers,
    );
    const consolidation = consolidated.data.find((s) => s.id === created.data.id)?.shipment_id as string;
    expect(consolidation).toMatch(/^SHP\d+$/);

    await menu.getByRole('link', { name: 'Consolidations' }).click();
    const card = page.getByRole('region', { name: `Consolidation ${consolidation}` });
    await expect(card).toContainText(received[0] as string);
    await expect(card).toContainText(received[1] as string);
    await expect(card).toContainText('1.6 kg');
    await card.getByLabel('Consolidation status').selectOption('In Progress');
    await expect(card.getByLabel('Consolidation status')).toHaveValue('In Progress');
    const ready = card.getByRole('switch', { name: 'Ready to ship' });
    await expect(ready).toHaveAttribute('aria-checked', 'false');
    // Ready needs the packed box: weighed and measured, then saved (a missing side is named).
    await expect(ready).toBeDisabled();
    await expect(card).toContainText(messages.shipments.packedBoxRequired);
    const box = card.getByRole('form', { name: `Packed box of ${consolidation}` });
    await box.getByLabel('Weight (kg)').fill('1.9');
    await box.getByLabel('Length (cm)').fill('40');
    await box.getByLabel('Breadth (cm)').fill('30');
    await box.getByRole('button', { name: 'Save packed box' }).click();
    await expect(box.getByText(messages.shipments.packedSizeInvalid)).toBeVisible();
    await expect(box.getByLabel('Height (cm)')).toBeFocused();
    await box.getByLabel('Height (cm)').fill('20');
    await box.getByRole('button', { name: 'Save packed box' }).click();
    await expect(box).toContainText('1.9 kg · 40 × 30 × 20 cm');
    await expect(ready).toBeEnabled();
    await ready.click();
    // Ready to ship means packed: the consolidation is Completed, and leaves the list of those to pack.
    await expect(card).toHaveCount(0);
    await page
      .getByRole('group', { name: 'Show consolidations' })
      .getByRole('button', { name: /^Completed/ })
      .click();
    await expect(ready).toHaveAttribute('aria-checked', 'true');
    await expect(card).not.toContainText('Not ready');
    await expect(card.getByLabel('Consolidation status')).toHaveValue('Completed');
    await card.getByRole('button', { name: `History of ${consolidation}` }).click();
    const shipmentHistory = page.getByRole('dialog', { name: `History of ${consolidation}` });
    await expect(shipmentHistory).toContainText('Updated the shipment');
    await expect(shipmentHistory).toContainText('Ready to ship');
    await shipmentHistory.getByRole('button', { name: 'Close' }).click();

    // ---- The third package paid by card (sandbox), then dispatched with an AWB.
    // The package itself priced, as the wizard does: the cheapest option, charged when none is named.
    const price = await apiCall<{ price: number }>(request, 'post', '/api/user/shipments/calculate-shipping-price', demo.headers, {
      packages: [third.hopboxId],
      destination: 'United Arab Emirates',
    });
    const payment = await apiCall<{ orderRef: string }>(request, 'post', '/api/user/shipment-payment/generate', demo.headers, {
      shipmentId: `TEMP_${Date.now()}`,
      amount: price.price.toFixed(2),
      userId: demo.user.id,
      currency: 'AED',
      redirectUrl: `${origin}/user/shipment-payment-callback`,
      packages: [third.hopboxId],
      addressId: address.data.id,
    });
    const paid = await request.post(`/payments/sandbox/${payment.orderRef}`, { form: { action: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    const checked = await apiCall<{ captured: number; shipmentId: string }>(
      request,
      'post',
      '/api/user/shipment-payment/check',
      demo.headers,
      {
        orderRef: payment.orderRef,
      },
    );
    expect(checked.captured).toBe(1);
    const shipment = checked.shipmentId;

    await menu.getByRole('link', { name: 'Dispatch' }).click();
    await page.getByRole('button', { name: `Dispatch ${shipment}` }).click();
    const dispatch = page.getByRole('dialog', { name: `Dispatch ${shipment}` });
    await expect(dispatch).toContainText(third.hopboxId);
    // The full destination for the carrier's label; the address names no recipient, so the customer receives it.
    const destination = dispatch.getByRole('region', { name: 'Destination' });
    for (const line of [DEMO.name, 'Villa 7, Jumeirah Beach Road', 'Dubai, Dubai 00000', 'United Arab Emirates', '+971501234567'])
      await expect(destination).toContainText(line);
    await expect(destination.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(dispatch.getByLabel('Processing date')).not.toHaveValue('');
    await dispatch.getByLabel('Status').selectOption('Shipped');
    await dispatch.getByRole('button', { name: 'Save as Shipped' }).click();
    await expect(dispatch.getByText('Enter the AWB before marking the shipment Shipped')).toBeVisible();
    const awb = `176-${String(Date.now()).slice(-8)}`;
    await dispatch.getByLabel('AWB').fill(awb);
    await dispatch.getByRole('button', { name: 'Save as Shipped' }).click();
    await expect(dispatch).toBeHidden();
    await expect(page.getByRole('button', { name: `Dispatch ${shipment}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Shipped', exact: true }).click();
    const shippedRow = page.getByRole('row').filter({ hasText: shipment });
    await expect(shippedRow).toContainText(awb);
    await expect(shippedRow).toContainText('Shipped');

    // ---- The customer's portal shows each result.
    await customerPage.goto('/photo-requests');
    const photoRow = await findRow(customerPage, 'Search photo requests', third.hopboxId);
    await expect(photoRow).toContainText('Completed');
    await customerPage.goto('/sent-shipment');
    const sentRow = await findRow(customerPage, 'Search shipments', shipment);
    await expect(sentRow).toContainText(awb);
    await expect(sentRow).toContainText('Shipped');

    // ---- And the mails are in the outbox, each with a link into the portal that opens.
    const mails = [
      ...(await Promise.all(received.map((id) => waitForMail(DEMO.email, new RegExp(`A package arrived in your locker: ${id}`))))),
      await waitForMail(DEMO.email, new RegExp(`Your photos of ${third.hopboxId} are ready`)),
      await waitForMail(DEMO.email, new RegExp(`Shipment ${shipment} is on its way`)),
    ];
    expect(mails[0], 'the receipt photo goes with the first mail').toMatch(/Content-Type: image\/png/);
    expect(mails[4]).toContain(awb);
    const links = new Set<string>();
    for (const mail of mails) {
      const found = portalLinks(mail, origin);
      expect(found.length, 'a link into the portal').toBeGreaterThan(0);
      for (const link of found) links.add(link);
    }
    for (const link of links) {
      await customerPage.goto(link);
      // A tracking link opens the shipment's details as a dialog, which hides the page behind it.
      const opened = link.includes('track=')
        ? customerPage.getByRole('dialog', { name: `Shipment ${shipment}` })
        : customerPage.getByRole('heading', { level: 1 });
      await expect(opened).toBeVisible();
      await expect(customerPage.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
    await customerSide.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`every console screen passes axe, ${theme} theme`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const h1 = page.getByRole('heading', { level: 1 });

      await openSignedIn(page, STAFF.email, STAFF.password, '/staff');
      await expect(h1).toHaveText(`Good to see you, ${STAFF.firstName}`);
      await expect(page.getByRole('link', { name: /Pending photo requests/ })).not.toContainText('—');
      await expectNoAxeViolations(page, '/staff');

      await page.goto('/staff/receive');
      await page.getByLabel('Locker number').fill(DEMO_LOCKER);
      await page.getByRole('button', { name: 'Find customer' }).click();
      await expect(page.getByRole('region', { name: 'Customer found' })).toBeVisible();
      await page.getByRole('button', { name: 'Receive package', exact: true }).click();
      await expect(page.getByText('Shipper is required', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, '/staff/receive with errors');

      await page.goto('/staff/packages');
      await expect(page.getByRole('table', { name: 'Packages' })).toBeVisible();
      await expectNoAxeViolations(page, '/staff/packages');
      await expectFirstDialogAccessible(page, /^Open package /, 'the package details', async (dialog) => {
        await expect(dialog.getByRole('region', { name: 'History' })).not.toContainText('Loading');
      });

      await page.goto('/staff/photo-requests');
      await page.getByLabel('Status').selectOption('all');
      await expect(page.getByRole('table', { name: 'Photo request queue' })).toBeVisible();
      await expectNoAxeViolations(page, '/staff/photo-requests');
      await expectFirstDialogAccessible(page, /^Open photo request /, 'a photo request');

      await page.goto('/staff/consolidations');
      await expect(h1).toHaveText('Consolidations');
      await expect(page.getByRole('group', { name: 'Show consolidations' })).toBeVisible();
      await expectNoAxeViolations(page, '/staff/consolidations');

      await page.goto('/staff/dispatch');
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await expect(h1).toHaveText('Dispatch');
      await expectNoAxeViolations(page, '/staff/dispatch');

      await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff/hosts');
      await expect(page.getByRole('table', { name: 'Hosts' })).toBeVisible();
      await expectNoAxeViolations(page, '/staff/hosts');
      await expectFirstDialogAccessible(page, /^Edit /, 'the host form');

      await page.goto('/staff/mail');
      await expect(h1).toHaveText('Failed mail');
      await expectNoAxeViolations(page, '/staff/mail');
    });
  }
});

import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import {
  apiSignIn,
  createAccount,
  expectToastAndClose,
  openSignedIn,
  parcel,
  pdfFile,
  receivedPackageRow,
  runId,
  STAFF,
} from '../support/e2e-utils';

/** The dock receives a parcel by its tracking number alone (no locker number typed or scanned). */
async function receiveWithoutLocker(request: APIRequestContext, trackingNumber: string, fields: Record<string, unknown>) {
  const staff = await apiSignIn(request, STAFF);
  const response = await request.post('/api/staff/packages', {
    headers: staff.headers,
    data: { ...parcel('Parcel', fields), externalTrackingNumber: trackingNumber, location: 'A-01-01', origin: 'United States of America' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; hopboxId: string; receipt: { receivedAs: string } } }).data;
}

/** The retailer's invoice. */
const INVOICE = pdfFile('best-buy-invoice.pdf');

test('a customer announces a parcel, the dock receives it by its tracking number alone, and it arrives declared in the locker', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = await createAccount(request);
  const tracking = `1Z E2E ${runId().toUpperCase()}`;
  const other = `TBA${runId().toUpperCase()}`;

  // The Expected view, from the page's views; nothing announced yet.
  await openSignedIn(page, customer.email, customer.password, '/received-packages');
  const views = page.getByRole('navigation', { name: 'Package views' });
  await expect(views.getByRole('link', { name: 'In my locker' })).toHaveAttribute('aria-current', 'page');
  await views.getByRole('link', { name: 'Expected' }).click();
  await expect(page).toHaveURL(/\?view=expected$/);
  await expect(page.getByText('Tell us about a parcel on its way so we can match it the moment it arrives')).toBeVisible();
  await expectNoAxeViolations(page, 'the Expected view, empty');

  // The form checks its fields before sending.
  await page.getByRole('button', { name: 'Add pre-alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pre-alert' });
  await dialog.getByRole('button', { name: 'Add pre-alert' }).click();
  await expect(dialog.getByText('Tracking number is required')).toBeVisible();
  await expect(dialog.getByText('Retailer is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await expectNoAxeViolations(page, 'the Add pre-alert dialog with its errors');

  await dialog.getByLabel('Tracking number').fill(tracking);
  await dialog.getByLabel('Retailer').fill('Best Buy');
  await dialog.getByLabel('Content').fill('Wireless headphones');
  await dialog.getByLabel('Declared value (optional)').fill('249');
  await dialog.getByLabel('Currency').fill('USD');
  await dialog.getByLabel('Attach invoice (optional)').setInputFiles(INVOICE);
  await expect(dialog.getByRole('list', { name: 'File to attach' })).toContainText(INVOICE.name);
  await dialog.getByRole('button', { name: 'Add pre-alert' }).click();
  await expectToastAndClose(page, `Pre-alert added for ${tracking}, with its invoice`);
  await expect(dialog).toBeHidden();

  const row = page.getByRole('region', { name: 'Expected parcels' }).getByRole('row').filter({ hasText: tracking });
  await expect(row).toContainText('Best Buy');
  await expect(row).toContainText('Wireless headphones');
  await expect(row).toContainText('249.00 USD');
  await expect(row).toContainText('Expected');
  await expect(row.getByRole('button', { name: INVOICE.name })).toBeVisible();
  await expectNoAxeViolations(page, 'the Expected view');

  // The same number twice: the server's refusal shows on the tracking number field.
  await page.getByRole('button', { name: 'Add pre-alert' }).click();
  await dialog.getByLabel('Tracking number').fill(tracking.toLowerCase());
  await dialog.getByLabel('Retailer').fill('Best Buy');
  await dialog.getByLabel('Content').fill('Headphones again');
  await dialog.getByRole('button', { name: 'Add pre-alert' }).click();
  await expect(dialog.getByText('You have already announced a parcel with this tracking number')).toBeVisible();
  await expect(dialog.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A second pre-alert, removed after a confirmation.
  await page.getByRole('button', { name: 'Add pre-alert' }).click();
  await dialog.getByLabel('Tracking number').fill(other);
  await dialog.getByLabel('Retailer').fill('Amazon');
  await dialog.getByLabel('Content').fill('Phone case');
  await dialog.getByRole('button', { name: 'Add pre-alert' }).click();
  await expectToastAndClose(page, `Pre-alert added for ${other}`);

  // An invoice attached afterwards, from the row.
  await page.getByRole('button', { name: `Attach invoice for ${other}` }).click();
  const attach = page.getByRole('dialog', { name: 'Attach invoice' });
  await attach.getByLabel('Choose a file').setInputFiles({ ...INVOICE, name: 'amazon-order.pdf' });
  await attach.getByRole('button', { name: 'Attach invoice' }).click();
  await expectToastAndClose(page, `Invoice attached to ${other}`);
  await expect(page.getByRole('row').filter({ hasText: other }).getByRole('button', { name: 'amazon-order.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Replace invoice for ${other}` })).toBeVisible();

  await page.getByRole('button', { name: `Remove pre-alert ${other}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove pre-alert' });
  await expect(confirm).toContainText(other);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectToastAndClose(page, 'Pre-alert removed');
  await expect(page.getByRole('row').filter({ hasText: other })).toHaveCount(0);

  // The dock receives it with no value typed and no locker number: it goes to the customer who announced it.
  const received = await receiveWithoutLocker(request, tracking.replace(/\s/g, '').toLowerCase(), {
    shipper: 'Best Buy',
    packageContent: 'Headphones',
    unitPrice: 0,
    totalPrice: 0,
    currency: 'USD',
  });
  expect(received.receipt.receivedAs).toBe('PRE_ALERT');

  await page.reload();
  await expect(row).toContainText('Received');
  await expect(row).toContainText(received.hopboxId);
  await expect(page.getByRole('button', { name: `Remove pre-alert ${tracking}` })).toHaveCount(0);

  // In the locker, its declaration already made from the pre-alert.
  await views.getByRole('link', { name: 'In my locker' }).click();
  await expect(page).toHaveURL(/\/received-packages$/);
  await expect(receivedPackageRow(page, received.hopboxId)).toContainText('Best Buy');
  await expect(receivedPackageRow(page, received.hopboxId)).not.toContainText(declarationMessages.needed);
});

test('a customer claims a parcel that arrived without a locker number, with its full tracking number', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await createAccount(request);
  const shipper = `Claim Outfitters ${runId()}`;
  const tracking = `94001${Date.now().toString().slice(-10)}`;
  const last4 = tracking.slice(-4);
  const parcelReceived = await receiveWithoutLocker(request, tracking, { shipper, packageContent: 'Camping stove' });
  expect(parcelReceived.receipt.receivedAs).toBe('UNIDENTIFIED');

  await openSignedIn(page, customer.email, customer.password, '/received-packages?view=unclaimed');
  await expect(page.getByRole('heading', { name: "Can't find a parcel?" })).toBeVisible();
  const row = page.getByRole('region', { name: 'Unclaimed parcels' }).getByRole('row').filter({ hasText: shipper });
  await expect(row.getByText(`ending in ${last4}`)).toBeAttached();
  await expect(row).toContainText('United States of America');
  await expect(row).not.toContainText(tracking);
  await expectNoAxeViolations(page, 'the Unclaimed parcels view');

  // The dialog says the fee and the disposal date in words.
  await row.getByRole('button', { name: /^Claim/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim parcel' });
  await expect(dialog).toContainText(`ending in ${last4}`);
  await expect(dialog).toContainText('handling fee of 25.00 AED');
  await expect(dialog).toContainText('disposed of on');
  await expectNoAxeViolations(page, 'the Claim parcel dialog');

  // A wrong number: the message under the field, and the parcel stays unclaimed.
  await dialog.getByLabel('Full tracking number').fill(`12345${last4}`);
  await dialog.getByRole('button', { name: 'Claim parcel' }).click();
  await expect(dialog.getByText('The tracking number does not match this parcel')).toBeVisible();
  await expect(dialog.getByLabel('Full tracking number')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // The right one, typed with spaces: into the locker.
  await row.getByRole('button', { name: /^Claim/ }).click();
  await dialog.getByLabel('Full tracking number').fill(tracking.replace(/(\d{4})/g, '$1 ').trim());
  await dialog.getByRole('button', { name: 'Claim parcel' }).click();
  await expectToastAndClose(page, `${parcelReceived.hopboxId} is now in your locker`);
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Package views' }).getByRole('link', { name: 'In my locker' }).click();
  await expect(receivedPackageRow(page, parcelReceived.hopboxId)).toContainText(shipper);
  await expect(receivedPackageRow(page, parcelReceived.hopboxId)).toContainText('Camping stove');
});

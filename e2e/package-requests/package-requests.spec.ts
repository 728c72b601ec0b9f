import { type Browser, expect, type Page, test } from '@playwright/test';
import { wizardAtConfirm } from '../shipments/shipments-utils';
import { ADMIN, pngImage } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import {
  apiSignIn,
  createAccount,
  expectToastAndClose,
  openSignedIn,
  parcel,
  pdfFile,
  runId,
  STAFF,
  staffReceivePackage,
  type TestAccount,
} from '../support/e2e-utils';

/** The retailer's prepaid return label. */
const LABEL = pdfFile('return-label.pdf');

const lockerRow = (page: Page, hopboxId: string) =>
  page.getByRole('region', { name: 'Received packages' }).getByRole('row').filter({ hasText: hopboxId });

/** A customer with one package just received into the locker. */
async function customerWithPackage(page: Page, content: string) {
  const customer = await createAccount(page.request);
  const staff = await apiSignIn(page.request, STAFF);
  const pkg = await staffReceivePackage(page.request, staff.headers, customer.lockerNumber, parcel(content));
  return { customer, pkg };
}

/** Package Details of a package in the Received Packages list. */
async function openDetails(page: Page, hopboxId: string) {
  await page
    .getByRole('button', { name: `View details of ${hopboxId}` })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: 'Package Details' });
  await expect(details).toBeVisible();
  return details;
}

/** The warehouse console's queue in a page of its own, signed in as staff (second factor included). */
async function staffQueue(browser: Browser) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await openSignedIn(staff, STAFF.email, STAFF.password, '/staff/package-requests');
  await expect(staff.getByRole('heading', { name: 'Package requests' })).toBeVisible();
  return { staff, close: () => context.close() };
}

/** The customer pays a request's fee by card in the sandbox, through the API (decision 068): the warehouse may then act. */
async function payFeeByCard(page: Page, customer: TestAccount, packageId: number) {
  const me = await apiSignIn(page.request, customer);
  const requests = await (await page.request.get(`/api/user/received-packages/${packageId}/requests`, { headers: me.headers })).json();
  const [open] = requests.data as { id: number; amountDue: number }[];
  if (!open) throw new Error('no request to pay');
  const link = await page.request.post(`/api/user/package-requests/${open.id}/payment`, {
    headers: me.headers,
    data: { amount: open.amountDue, currency: 'AED' },
  });
  const { orderRef } = await link.json();
  expect((await page.request.post(`/payments/sandbox/${orderRef}`, { form: { action: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
  const check = await page.request.post('/api/user/request-payment/check', { headers: me.headers, data: { orderRef } });
  expect((await check.json()).status).toBe('SUCCESS');
}

async function askFor(page: Page, customer: TestAccount, hopboxId: string) {
  await openSignedIn(page, customer.email, customer.password, '/received-packages');
  const details = await openDetails(page, hopboxId);
  await details.getByRole('button', { name: 'Request a service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a service' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a customer asks for a repack at the fee shown, staff finish it in a smaller box, and the customer ships it at its new price', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { customer, pkg } = await customerWithPackage(page, `Winter boots ${runId()}`);

  const dialog = await askFor(page, customer, pkg.hopboxId);
  // Every service with its fee, before asking.
  await expect(dialog.getByRole('radio', { name: /^Repack in a smaller box\s*20\.00 AED/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Return to sender\s*35\.00 AED/ })).not.toBeChecked();
  await expectNoAxeViolations(page, 'the Request a service dialog');
  await dialog.getByLabel('Notes for the warehouse (optional)').fill('The box is mostly air');
  await dialog.getByRole('button', { name: 'Request repack in a smaller box for 20.00 AED' }).click();
  // Package Details stays open behind the toast (a modal: the toast cannot be closed until it is). The toast goes by
  // itself; axe reads the page once it has, since a toast caught fading in or out has no contrast to measure.
  const sent = page.locator('[data-sonner-toast]').filter({ hasText: 'Repack in a smaller box: request sent to the warehouse' });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveCount(0, { timeout: 15_000 });

  // Its progress on Package Details, and the list says the package waits for it: it cannot be selected to ship.
  const details = page.getByRole('dialog', { name: 'Package Details' });
  const services = details.getByRole('region', { name: 'Services' });
  await expect(services).toContainText('Requested');
  await expect(services).toContainText('Waiting for the warehouse to start');
  await expect(services).toContainText('20.00 AED');
  await expect(services.getByRole('button', { name: 'Request a service' })).toHaveCount(0);
  // The warehouse is working on it: no edit or photo request, and the dialog says why.
  await expect(details.getByRole('button', { name: 'Edit Package' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Request Photo' })).toHaveCount(0);
  await expect(details).toContainText('Editing and photo requests wait until the service you asked for is done or refused.');
  await expectNoAxeViolations(page, 'Package Details with a request');
  await page.keyboard.press('Escape');
  const row = lockerRow(page, pkg.hopboxId);
  await expect(row).toContainText('Service requested');
  await expect(row.getByRole('checkbox', { name: `Select ${pkg.hopboxId}` })).toBeDisabled();

  // Staff take it, then finish it with the smaller box.
  const { staff, close } = await staffQueue(browser);
  const queued = staff.getByRole('row').filter({ hasText: pkg.hopboxId });
  await expect(queued).toContainText('Repack in a smaller box');
  await expect(queued).toContainText('The box is mostly air');
  // The row's Hopbox ID opens the package in the console's Packages page.
  await expect(queued.getByRole('link', { name: pkg.hopboxId })).toHaveAttribute(
    'href',
    `/staff/packages?q=${encodeURIComponent(pkg.hopboxId)}`,
  );
  await expectNoAxeViolations(staff, 'the Package requests queue');
  await queued.getByRole('button', { name: `Take ${pkg.hopboxId}` }).click();
  await staff.getByRole('dialog', { name: 'Take the request' }).getByRole('button', { name: 'Take it' }).click();
  await expectToastAndClose(staff, 'Request taken');
  await expect(queued).toContainText('In progress');
  await queued.getByRole('button', { name: `Finish ${pkg.hopboxId}` }).click();
  const finish = staff.getByRole('dialog', { name: 'Finish the request' });
  await finish.getByRole('button', { name: 'Mark done' }).click();
  await expect(finish.getByText(/^Package weight/)).toBeVisible();
  await finish.getByLabel('Weight').fill('0.6');
  await finish.getByLabel('Length').fill('25');
  await finish.getByLabel('Breadth').fill('15');
  await finish.getByLabel('Height').fill('10');
  await finish.getByLabel('Note to the customer (optional)').fill('Moved into a 25 cm box');
  // A repack is finished with a photo of the new box: without one the dialog says so and sends nothing.
  await expect(finish.getByRole('alert').filter({ hasText: 'Add a photo of the package as it is now' })).toBeVisible();
  await finish
    .locator(`input[type="file"][aria-label="Add photos of ${pkg.hopboxId} after the work"]`)
    .setInputFiles({ name: 'new-box.png', mimeType: 'image/png', buffer: await pngImage(40, 120, 200) });
  await expect(finish.getByRole('list', { name: 'Chosen photos' })).toContainText('new-box.png');
  await expect(finish.getByText('Add a photo of the package as it is now')).toHaveCount(0);
  await expectNoAxeViolations(staff, 'the Finish the request dialog');
  await finish.getByRole('button', { name: 'Mark done' }).click();
  await expectToastAndClose(staff, 'Request done');
  // Done leaves the work still to do.
  await expect(staff.getByRole('row').filter({ hasText: pkg.hopboxId })).toHaveCount(0);
  await close();

  // The customer sees it done, with the new size, and may ship the package again.
  await page.reload();
  const again = await openDetails(page, pkg.hopboxId);
  const progress = again.getByRole('region', { name: 'Services' });
  await expect(progress).toContainText('Done');
  await expect(progress).toContainText('New size: 0.6 kg, 25 × 15 × 10 cm');
  await expect(progress).toContainText('Moved into a 25 cm box');
  await expect(progress).toContainText('After (1)');
  await progress.getByRole('button', { name: 'Photo 1 of 1: new-box.png' }).click();
  await expect(progress.getByRole('img', { name: 'After photo new-box.png' })).toBeVisible();
  await expect(again).toContainText('25 × 15 × 10 cm');
  await page.keyboard.press('Escape');
  await expect(lockerRow(page, pkg.hopboxId)).not.toContainText('Service requested');
  await expect(lockerRow(page, pkg.hopboxId).getByRole('checkbox', { name: `Select ${pkg.hopboxId}` })).toBeEnabled();

  // It ships at its new price: the smaller box's shipping, and the repack's fee as a Services line, paid once.
  const me = await apiSignIn(page.request, customer);
  const address = await page.request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '4 Creek Lane', city: 'Dubai', country: 'United Arab Emirates' },
  });
  expect(address.status()).toBe(201);
  const byBox = await page.request.post('/api/user/shipments/calculate-shipping-price', {
    headers: me.headers,
    // Economy: the cheapest option, which the wizard prices until the customer picks another (decision 070).
    data: {
      origin: 'Germany',
      destination: 'United Arab Emirates',
      weight: 0.6,
      length: 25,
      breadth: 15,
      height: 10,
      pieces: 1,
      productType: 'ECO',
    },
  });
  const shipping = ((await byBox.json()) as { price: number }).price;
  const total = `${(shipping + 20).toFixed(2)} AED`;
  const wizard = await wizardAtConfirm(page, pkg.hopboxId);
  await expect(wizard.getByTestId('amount-to-pay')).toHaveText(total);
  await wizard.getByRole('button', { name: `Pay ${total}` }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('price-lines')).toContainText('Services');
  await expect(page.getByTestId('price-lines')).toContainText('20.00 AED');
  await expect(page.getByTestId('amount')).toHaveText(total);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
});

test('a customer returns a package to its sender with the retailer label, staff send it back with a carrier and tracking number, and it shows as returned', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { customer, pkg } = await customerWithPackage(page, `Wrong size jacket ${runId()}`);
  const tracking = `RT${runId().toUpperCase()}`;

  const dialog = await askFor(page, customer, pkg.hopboxId);
  await dialog.getByRole('radio', { name: /Return to sender/ }).check();
  // No label yet: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Request return to sender for 35.00 AED' }).click();
  await expect(dialog.getByText("Upload the retailer's return label")).toBeVisible();
  await dialog.getByLabel("Attach the retailer's return label").setInputFiles(LABEL);
  await expect(dialog.getByRole('list', { name: 'File to attach' })).toContainText(LABEL.name);
  await dialog.getByRole('button', { name: 'Request return to sender for 35.00 AED' }).click();
  // The package leaves the locker: the customer confirms first.
  const confirm = page.getByRole('dialog', { name: 'Return to sender?' });
  await expect(confirm).toContainText('leaves your locker for good');
  await expect(confirm).toContainText(LABEL.name);
  await expectNoAxeViolations(page, 'the return confirmation');
  await confirm.getByRole('button', { name: 'Yes, return to sender' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Return to sender: request sent to the warehouse' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Package Details' }).getByRole('region', { name: 'Services' })).toContainText(
    'Return to sender',
  );
  await payFeeByCard(page, customer, pkg.id);

  // Staff download the label and finish the return.
  const { staff, close } = await staffQueue(browser);
  const queued = staff.getByRole('row').filter({ hasText: pkg.hopboxId });
  await expect(queued).toContainText('Return to sender');
  const download = staff.waitForEvent('download');
  await queued.getByRole('button', { name: `Return label of ${pkg.hopboxId}` }).click();
  expect((await download).suggestedFilename()).toBe(LABEL.name);
  await queued.getByRole('button', { name: `Finish ${pkg.hopboxId}` }).click();
  const finish = staff.getByRole('dialog', { name: 'Finish the request' });
  await finish.getByLabel('Carrier').fill('DHL Express');
  await finish.getByLabel('Tracking number').fill(tracking);
  await expectNoAxeViolations(staff, 'finishing a return');
  await finish.getByRole('button', { name: 'Mark done' }).click();
  await expectToastAndClose(staff, 'Request done');
  await close();

  // Gone from the locker, kept in the history as returned, read only.
  await page.reload();
  await expect(lockerRow(page, pkg.hopboxId)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Package views' }).getByRole('link', { name: 'Left the locker' }).click();
  await expect(page).toHaveURL(/\?view=left$/);
  const left = page.getByRole('region', { name: 'Packages that left the locker' }).getByRole('row').filter({ hasText: pkg.hopboxId });
  await expect(left).toContainText('Returned to sender');
  await expectNoAxeViolations(page, 'the Left the locker view');
  await left.getByRole('button', { name: `View details of ${pkg.hopboxId}` }).click();
  const details = page.getByRole('dialog', { name: 'Package Details' });
  await expect(details).toContainText('Returned to sender');
  await expect(details.getByRole('region', { name: 'Services' })).toContainText(`Sent back with DHL Express, tracking number ${tracking}`);
  await expect(details.getByRole('button', { name: 'Edit Package' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Request Photo' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Request a service' })).toHaveCount(0);
});

test("a customer asks for a discard, pays its fee by card on the sandbox's page, and staff take it once it is paid", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { customer, pkg } = await customerWithPackage(page, `Broken lamp ${runId()}`);
  const dialog = await askFor(page, customer, pkg.hopboxId);
  await dialog.getByRole('radio', { name: /Discard/ }).check();
  await dialog.getByRole('button', { name: 'Request discard for 15.00 AED' }).click();
  await page.getByRole('dialog', { name: 'Discard?' }).getByRole('button', { name: 'Yes, discard' }).click();
  const sent = page.locator('[data-sonner-toast]').filter({ hasText: 'Discard: request sent to the warehouse' });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveCount(0, { timeout: 15_000 });

  // The fee is unpaid: Package Details offers to pay it or withdraw the request.
  const services = page.getByRole('dialog', { name: 'Package Details' }).getByRole('region', { name: 'Services' });
  await expect(services).toContainText('Fee unpaid');
  await expect(services.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
  await expectNoAxeViolations(page, 'Package Details with an unpaid fee');

  // Staff see it awaiting payment, with nothing to take or finish yet.
  const { staff, close } = await staffQueue(browser);
  const queued = staff.getByRole('row').filter({ hasText: pkg.hopboxId });
  await expect(queued).toContainText('Awaiting payment');
  await expect(queued.getByRole('button', { name: `Take ${pkg.hopboxId}` })).toHaveCount(0);
  await expect(queued.getByRole('button', { name: `Finish ${pkg.hopboxId}` })).toHaveCount(0);
  await expect(queued.getByRole('button', { name: `Refuse ${pkg.hopboxId}` })).toBeVisible();

  // The customer pays by card on the provider's page and comes back to the callback page.
  await services.getByRole('button', { name: 'Pay 15.00 AED' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay the request fee' });
  await expect(pay.getByTestId('request-fee-amount')).toHaveText('15.00 AED');
  await expectNoAxeViolations(page, 'the Pay the request fee dialog');
  await pay.getByRole('button', { name: 'Pay 15.00 AED by card' }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('price-lines')).toContainText(`Discard (${pkg.hopboxId})`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/request-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expectNoAxeViolations(page, 'the request payment callback');
  await page.getByRole('link', { name: 'View the Package' }).click();
  const paid = page.getByRole('dialog', { name: 'Package Details' }).getByRole('region', { name: 'Services' });
  await expect(paid).toContainText('Fee paid');
  await expect(paid).not.toContainText('Fee unpaid');

  // Staff take it now.
  await staff.reload();
  await expect(queued).not.toContainText('Awaiting payment');
  await queued.getByRole('button', { name: `Take ${pkg.hopboxId}` }).click();
  await staff.getByRole('dialog', { name: 'Take the request' }).getByRole('button', { name: 'Take it' }).click();
  await expect(staff.locator('[data-sonner-toast]').filter({ hasText: 'Request taken' })).toBeVisible();
  await expect(queued).toContainText('In progress');
  await close();
});

test("an admin sets a warehouse's fee for a service from the queue page", async ({ page }) => {
  await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff/package-requests');
  await page.getByRole('button', { name: 'Service fees' }).click();
  const fees = page.getByRole('dialog', { name: 'Service fees' });
  const london = fees.getByRole('region', { name: 'Hopbox London' });
  const discard = london.getByLabel('Fee for Discard', { exact: true });
  await expect(discard).toHaveValue('15');
  await expectNoAxeViolations(page, 'the Service fees dialog');
  await discard.fill('12.5');
  await london.getByRole('button', { name: 'Save fee for Discard' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Fee saved' })).toBeVisible();
  await expect(discard).toHaveValue('12.5');
  // The other journeys read the default fees: put it back.
  await discard.fill('15');
  await london.getByRole('button', { name: 'Save fee for Discard' }).click();
  await expect(london.getByRole('button', { name: 'Save fee for Discard' })).toBeDisabled();
});

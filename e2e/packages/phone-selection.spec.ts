import { messages } from '@hopbox/contracts/messages';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { receivePackage, saveAddress } from '../shipments/shipments-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { DEMO, openSignedIn, runId } from '../support/e2e-utils';

/** A phone: 375 px wide, touch (so `pointer: coarse` holds and the 44 px touch areas apply). */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

const cards = (page: Page) => page.getByRole('list', { name: 'Received packages' });
const cardOf = (page: Page, hopboxId: string) => cards(page).getByRole('listitem').filter({ hasText: hopboxId });
const checkboxOf = (page: Page, hopboxId: string) => page.getByRole('checkbox', { name: `Select ${hopboxId}` });

/** Taps the card on its title (not on its checkbox or buttons). */
async function tapCard(page: Page, hopboxId: string) {
  await cardOf(page, hopboxId).getByText(hopboxId, { exact: true }).tap();
}

/** The element's box lies inside the viewport's width (nothing cut at the right edge). */
async function expectWithinWidth(locator: Locator, width = 375) {
  const box = await locator.boundingBox();
  expect(box, 'a visible box').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test.describe('received packages on a phone', () => {
  test('a 375 px selection with the sticky bar through payment', async ({ page, request }) => {
    const id = runId();
    const content = `Phone parcel ${id}`;
    const first = await receivePackage(request, content, { origin: 'Germany', weight: 1.2 });
    const second = await receivePackage(request, content, { origin: 'Germany', weight: 0.8 });
    await saveAddress(request, `Phone office ${id}`);

    await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages');
    await page.getByLabel('Search packages').fill(id);
    await expect(cards(page).getByRole('listitem')).toHaveCount(2);
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toHaveCount(0);

    // The checkbox's touch area is 44 x 44 px (its label), though the box is drawn smaller.
    const hitArea = await checkboxOf(page, first.hopboxId).locator('xpath=ancestor::label[1]').boundingBox();
    expect(hitArea?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(hitArea?.height ?? 0).toBeGreaterThanOrEqual(44);

    // A tap on a card toggles it; a tap on a button inside the card only does the button's job.
    await tapCard(page, first.hopboxId);
    await expect(checkboxOf(page, first.hopboxId)).toBeChecked();
    await tapCard(page, first.hopboxId);
    await expect(checkboxOf(page, first.hopboxId)).not.toBeChecked();
    await cardOf(page, second.hopboxId)
      .getByRole('button', { name: `View details of ${second.hopboxId}` })
      .tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(checkboxOf(page, second.hopboxId)).not.toBeChecked();

    // Two cards: the bar counts them and sums their weight, and the list leaves room for it.
    await tapCard(page, first.hopboxId);
    await tapCard(page, second.hopboxId);
    await expect(bar).toContainText('2 selected');
    await expect(bar).toContainText('2 kg');
    await expect(bar.getByRole('button', { name: 'New Shipment' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastCard = await cards(page).getByRole('listitem').last().boundingBox();
    const barBox = await bar.boundingBox();
    expect((lastCard?.y ?? 0) + (lastCard?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    await expectNoAxeViolations(page, 'Received Packages with a selection at 375 px');

    // Two packages: the wizard asks the server to price the packages themselves, and says it is an estimate.
    const priceBodies: unknown[] = [];
    await page.route('**/api/user/shipments/calculate-shipping-price', async (route) => {
      priceBodies.push(JSON.parse(route.request().postDataBuffer()?.toString() || 'null'));
      await route.continue();
    });
    await bar.getByRole('button', { name: 'New Shipment' }).tap();
    const estimateWizard = page.getByRole('dialog', { name: 'Create New Shipment' });
    await estimateWizard.getByRole('button', { name: 'Next' }).tap();
    await expect(estimateWizard.getByTestId('shipping-price')).toHaveText(/^[\d,]+\.\d{2} AED$/);
    await expect(estimateWizard).toContainText(messages.shipments.estimateNote);
    expect(priceBodies.at(-1)).toEqual({
      packages: [first.hopboxId, second.hopboxId],
      destination: expect.any(String),
      insurance: false,
      dutiesPaid: false,
    });
    await page.keyboard.press('Escape');
    await expect(estimateWizard).toBeHidden();

    // One package through payment: the second goes back out of the selection.
    await tapCard(page, second.hopboxId);
    await expect(bar).toContainText('1 selected');
    await expect(bar).toContainText('1.2 kg');
    await bar.getByRole('button', { name: 'New Shipment' }).tap();
    const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
    await expect(wizard).toContainText('Step 1 of 3: Package Details');

    // Step 1: weight and size are on screen, not cut at the edge.
    const packageCard = wizard.getByRole('list', { name: 'Selected packages' }).getByRole('listitem').first();
    await expect(packageCard).toContainText('1.2 kg');
    await expectWithinWidth(packageCard.getByText('1.2 kg'));
    await expectWithinWidth(packageCard.getByText('20 × 15 × 10 cm'));
    await expectNoAxeViolations(page, 'the wizard step 1 at 375 px', '[role="dialog"]');
    await wizard.getByRole('button', { name: 'Next' }).tap();

    // Step 2: an address added from the wizard is chosen, and the wizard keeps its step and package.
    await expect(wizard).toContainText('Step 2 of 3: Shipping Address');
    await wizard.getByRole('button', { name: 'Add address' }).tap();
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    const label = `Phone home ${id}`;
    await form.getByLabel('Label *').fill(label);
    await form.getByLabel('Address *').fill('Villa 12, Jumeirah Beach Road');
    await form.getByLabel('City *').fill('Dubai');
    await form.getByLabel('Country *').selectOption('United Arab Emirates');
    await form.getByRole('button', { name: 'Add Address' }).tap();
    await expect(form).toBeHidden();
    await expect(wizard).toContainText('Step 2 of 3: Shipping Address');
    await expect(wizard.getByRole('radio', { name: new RegExp(label) })).toBeChecked();
    await expect(wizard.getByTestId('shipping-price')).toHaveText(/^[\d,]+\.\d{2} AED$/);
    expect(priceBodies.at(-1)).toEqual({
      packages: [first.hopboxId],
      destination: 'United Arab Emirates',
      insurance: false,
      dutiesPaid: false,
    });
    await expect(wizard).not.toContainText(messages.shipments.estimateNote);
    await expectNoAxeViolations(page, 'the wizard step 2 at 375 px', '[role="dialog"]');
    await wizard.getByRole('button', { name: 'Next' }).tap();

    // Step 3: the amount above the button, which says Pay and the amount.
    await expect(wizard).toContainText('Step 3 of 3: Confirm');
    await expect(wizard).toContainText(first.hopboxId);
    const amount = wizard.getByTestId('amount-to-pay');
    await expect(amount).toHaveText(/^[\d,]+\.\d{2} AED$/);
    const amountText = (await amount.textContent()) as string;
    const pay = wizard.getByRole('button', { name: `Pay ${amountText}` });
    await expect(pay).toBeEnabled();
    const amountBox = await amount.boundingBox();
    const payBox = await pay.boundingBox();
    expect((amountBox?.y ?? 0) + (amountBox?.height ?? 0)).toBeLessThanOrEqual(payBox?.y ?? 0);
    await expectWithinWidth(pay);
    await expectNoAxeViolations(page, 'the wizard step 3 at 375 px', '[role="dialog"]');

    await pay.tap();
    await page.waitForURL(/\/payments\/sandbox\//);
    await expect(page.getByTestId('amount')).toHaveText(amountText);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  });

  test('a dialog shows a server validation error inside it, on the field or above the form', async ({ page, request }) => {
    const id = runId();
    const pkg = await receivePackage(request, `Phone dialog ${id}`);
    await saveAddress(request, `Phone dialog ${id}`);
    await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages');
    await page.getByLabel('Search packages').fill(pkg.hopboxId);

    // Edit Package: the server names the field, so its message stands under that field.
    await page.route('**/api/user/received-packages/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            json: { success: false, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'Say what is inside', field: 'description' },
          })
        : route.continue(),
    );
    await cardOf(page, pkg.hopboxId)
      .getByRole('button', { name: `Edit ${pkg.hopboxId}` })
      .tap();
    const edit = page.getByRole('dialog', { name: 'Edit Package' });
    await edit.getByRole('button', { name: 'Save Changes' }).tap();
    const description = edit.getByLabel('Description');
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(description).toHaveAccessibleDescription('Say what is inside');
    await expect(edit).toBeVisible();
    await expectNoAxeViolations(page, 'Edit Package with a field error at 375 px', '[role="dialog"]');
    await page.keyboard.press('Escape');

    // Request Photo: a refusal that names no field shows as an alert in the dialog.
    await page.route('**/api/user/photo-requests/create/*', (route) =>
      route.fulfill({
        status: 409,
        json: { success: false, error: 'Conflict', code: 'CONFLICT', message: 'A photo request for this package is already open' },
      }),
    );
    await cardOf(page, pkg.hopboxId)
      .getByRole('button', { name: `Request photo of ${pkg.hopboxId}` })
      .tap();
    const photo = page.getByRole('dialog', { name: 'Request Photo' });
    await photo.getByRole('button', { name: 'Request Photo' }).tap();
    await expect(photo.getByRole('alert')).toHaveText('A photo request for this package is already open');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.packages.photoRequestFailed })).toHaveCount(0);
    await expectNoAxeViolations(page, 'Request Photo with an error at 375 px', '[role="dialog"]');
  });
});

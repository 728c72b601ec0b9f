import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF, staffReceivePackage } from '../support/e2e-utils';
import { apiCall, DEMO_LOCKER } from './staff-utils';

/** The keyboard is where the cursor is: type there as a scanner or a person would, then press `key`. */
async function typeThen(page: Page, text: string, key = 'Enter') {
  await page.keyboard.type(text);
  await page.keyboard.press(key);
}

/** The whole value of an input is selected, so the next scan replaces it. */
async function expectAllSelected(field: Locator, value: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(value);
  expect(
    await field.evaluate((el) => {
      const input = el as HTMLInputElement;
      return [input.selectionStart, input.selectionEnd];
    }),
  ).toEqual([0, value.length]);
}

/** Only the host in `country` is active, as a warehouse with one host sees it (the demo has three). */
async function oneActiveHost(page: Page, country: string) {
  await page.route('**/api/hosts/active', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { country: string }[] };
    await route.fulfill({ response, json: { ...body, data: body.data.filter((h) => h.country === country) } });
  });
}

test.describe('scanner-friendly receiving and the dispatch destination', () => {
  test('the scanner flow at the Receive page: a locker number and Enter, Enter between fields, Ctrl+Enter', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = runId();
    await oneActiveHost(page, 'United Kingdom');
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/receive');
    await expect(page.getByRole('heading', { level: 1, name: 'Receive a package' })).toBeVisible();

    // The cursor waits in the locker field; the scanner types the number and Enter finds the customer.
    const locker = page.getByLabel('Locker number');
    await expect(locker).toBeFocused();
    await typeThen(page, DEMO_LOCKER.toLowerCase());
    await expect(page.getByRole('region', { name: 'Customer found' })).toContainText(DEMO.name);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field('Shipper')).toBeFocused();

    // Enter moves on, field by field; the origin is the warehouse's country already.
    await typeThen(page, `Scanner Shipper ${tag}`);
    await expect(field('Content')).toBeFocused();
    await typeThen(page, `Scanned item ${tag}`);
    await expect(field('Origin')).toBeFocused();
    await expect(field('Origin')).toHaveValue('United Kingdom');
    await page.keyboard.press('Enter');
    await expect(field('Tracking number')).toBeFocused();
    await typeThen(page, `1Z${tag}`.toUpperCase());
    await expect(field('Condition')).toBeFocused();
    await page.keyboard.press('Enter');
    // The shelf's label is scanned like the rest; the code is kept in capitals.
    await expect(field('Location')).toBeFocused();
    await typeThen(page, 'a-01-02');
    await expect(field('Quantity')).toBeFocused();
    await typeThen(page, '2');
    await expect(field('Unit price')).toBeFocused();
    await typeThen(page, '12.50');
    await expect(field('Total price')).toBeFocused();
    await expect(field('Total price')).toHaveValue('25.00');
    await page.keyboard.press('Enter');
    await expect(field('Currency')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field('Package weight')).toBeFocused();
    await typeThen(page, '1.5');
    // The unit weight follows package weight ÷ quantity.
    await expect(field('Unit weight')).toBeFocused();
    await expect(field('Unit weight')).toHaveValue('0.75');
    await page.keyboard.press('Enter');
    for (const [label, value] of [
      ['Length', '30'],
      ['Breadth', '20'],
      ['Height', '10'],
    ] as const) {
      await expect(field(label)).toBeFocused();
      await typeThen(page, value);
    }
    // In the description Enter is a new line, not a move and not a submit.
    await expect(field('Description')).toBeFocused();
    await typeThen(page, 'Two boxes');
    await page.keyboard.type('taped together');
    await expect(field('Description')).toBeFocused();
    await expect(field('Description')).toHaveValue('Two boxes\ntaped together');
    await expect(page.getByText(/is in locker/)).toHaveCount(0);

    // Ctrl+Enter receives the package from any field.
    await page.keyboard.press('Control+Enter');
    const done = page.getByRole('heading', { name: new RegExp(`^HBX\\d+ is in locker ${DEMO_LOCKER}$`) });
    await expect(done).toBeVisible();
    const hopboxId = ((await done.textContent()) ?? '').split(' ')[0] as string;
    const staff = await apiSignIn(request, STAFF);
    const found = await apiCall<{ data: Record<string, unknown>[] }>(
      request,
      'get',
      `/api/staff/packages?q=${encodeURIComponent(hopboxId)}`,
      staff.headers,
    );
    expect(found.data).toEqual([
      expect.objectContaining({
        hopboxId,
        lockerNumber: DEMO_LOCKER,
        shipper: `Scanner Shipper ${tag}`,
        origin: 'United Kingdom',
        location: 'A-01-02',
        quantity: 2,
        totalPrice: 25,
        packageWeight: 1.5,
        unitWeight: 0.75,
        description: 'Two boxes\ntaped together',
      }),
    ]);

    // "Receive another": the locker field again, its text selected for the next scan.
    await page.getByRole('button', { name: 'Receive another' }).click();
    await expectAllSelected(locker, DEMO_LOCKER);
    await page.keyboard.press('Enter');
    await expect(field('Shipper')).toBeFocused();
    await expect(field('Shipper')).toHaveValue('');
    await expect(field('Origin')).toHaveValue('United Kingdom');

    // A missing field on Ctrl+Enter takes the cursor to the first wrong field, scrolled into view.
    await typeThen(page, `Scanner Shipper ${tag}`);
    await page.keyboard.press('Control+Enter');
    await expect(field('Content')).toBeFocused();
    await expect(field('Content')).toHaveAttribute('aria-invalid', 'true');
    await typeThen(page, `Second item ${tag}`, 'Control+Enter');
    await expect(page.getByText('Location is required', { exact: true })).toBeVisible();
    await expect(field('Location')).toBeFocused();
    await typeThen(page, 'A-01-03', 'Control+Enter');
    await expect(page.getByText('Package weight is required', { exact: true })).toBeVisible();
    await expect(field('Package weight')).toBeFocused();
    await expect(field('Package weight')).toBeInViewport();
    await expectNoAxeViolations(page, '/staff/receive after a scanner submit with a missing weight');
    // The unit weight the user typed is kept when the package weight changes afterwards.
    await field('Unit weight').fill('0.3');
    await field('Package weight').fill('0.9');
    await expect(field('Unit weight')).toHaveValue('0.3');

    // A locker nobody has: the message, and the number selected for the next scan.
    await locker.fill('HB999999');
    await locker.press('Enter');
    await expect(page.getByText('No customer has locker number HB999999')).toBeVisible();
    await expectAllSelected(locker, 'HB999999');
  });

  test('Dispatch shows the full destination, recipient first, and copies it as a postal address', async ({ page, request, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tag = runId();
    const staff = await apiSignIn(request, STAFF);
    const demo = await apiSignIn(request, DEMO);
    const address = await apiCall<{ data: { id: number } }>(request, 'post', '/api/user/addresses', demo.headers, {
      label: `Sister ${tag}`,
      recipientName: `Mariam Haddad ${tag}`,
      address: 'Flat 4, 12 Rue Lepic',
      city: 'Paris',
      state: 'Île-de-France',
      country: 'France',
      postalCode: '75018',
      phoneNumber: '+33612345678',
    });
    const pkg = await staffReceivePackage(request, staff.headers, DEMO_LOCKER, {
      shipper: `Dispatch ${tag}`,
      packageContent: 'Books',
      origin: 'United States of America',
      // Declared with a value, so it can be paid for (issue "Declare, insure").
      quantity: 2,
      unitPrice: 15,
      totalPrice: 30,
      packageWeight: 1.2,
      packageLength: 30,
      packageBreadth: 20,
      packageHeight: 10,
    });
    const price = await apiCall<{ price: number; currency: string }>(
      request,
      'post',
      '/api/user/shipments/calculate-shipping-price',
      demo.headers,
      // The package itself priced, as the wizard does: the cheapest option, charged when none is named.
      { packages: [pkg.hopboxId], destination: 'France' },
    );
    const payment = await apiCall<{ orderRef: string }>(request, 'post', '/api/user/shipment-payment/generate', demo.headers, {
      shipmentId: `TEMP_${Date.now()}`,
      amount: price.price.toFixed(2),
      currency: price.currency,
      packages: [pkg.hopboxId],
      addressId: address.data.id,
    });
    const paid = await request.post(`/payments/sandbox/${payment.orderRef}`, { form: { action: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    const checked = await apiCall<{ shipmentId: string }>(request, 'post', '/api/user/shipment-payment/check', demo.headers, {
      orderRef: payment.orderRef,
    });

    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    await expect(page.getByRole('row').filter({ hasText: checked.shipmentId })).toContainText('Paris, France');
    await page.getByRole('button', { name: `Dispatch ${checked.shipmentId}` }).click();
    const dispatch = page.getByRole('dialog', { name: `Dispatch ${checked.shipmentId}` });
    const destination = dispatch.getByRole('region', { name: 'Destination' });
    const lines = [`Mariam Haddad ${tag}`, 'Flat 4, 12 Rue Lepic', 'Paris, Île-de-France 75018', 'France', 'Tel. +33612345678'];
    for (const line of lines.slice(0, 4)) await expect(destination).toContainText(line);
    await expect(destination).toContainText('+33612345678');
    await destination.getByRole('button', { name: 'Copy address' }).click();
    await expect(destination.getByRole('button', { name: 'Address copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));
    await expectNoAxeViolations(page, 'the dispatch dialog with its destination');
  });
});

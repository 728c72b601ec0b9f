import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { consoleShipment } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF } from '../support/e2e-utils';
import { paidShipmentToDispatch } from './shipments-utils';

/** The shipment's row in Sent Shipments, found by searching for it. */
async function sentRow(page: Page, shipmentId: string) {
  await page.getByLabel('Search shipments').fill(shipmentId);
  const row = page.getByRole('row').filter({ hasText: shipmentId });
  await expect(row).toBeVisible();
  return row;
}

/** Opens a sent shipment's details from its row (the list is hidden from assistive technology meanwhile). */
async function openDetails(page: Page, shipmentId: string) {
  await page
    .getByRole('row')
    .filter({ hasText: shipmentId })
    .getByRole('button', { name: `View ${shipmentId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Shipment ${shipmentId}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the commercial invoice and the insurance of a sent shipment', () => {
  test('the customer downloads the commercial invoice of a paid shipment and sees it is not insured', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
    await expect(await sentRow(page, shipmentId)).not.toContainText('Insured');
    const dialog = await openDetails(page, shipmentId);

    const payment = dialog.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Not insured');

    // Fetched with the session's bearer token (never a token in the address) and saved from a blob.
    const answer = page.waitForResponse((r) => /\/api\/user\/shipments\/\d+\/commercial-invoice$/.test(new URL(r.url()).pathname));
    const download = page.waitForEvent('download');
    await payment.getByRole('button', { name: 'Download commercial invoice' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(await response.request().headerValue('authorization')).toMatch(/^Bearer /);
    expect(response.url()).not.toMatch(/token|bearer/i);
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`commercial-invoice-${shipmentId}.pdf`);
    const bytes = await readFile(await saved.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoAxeViolations(page, 'Sent Shipments details with the payment');
  });

  test('an insured shipment says so in the list and in the details, with the price lines paid', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    // The payment that buys insurance is another journey's; here the list answers it as bought.
    await page.route('**/api/user/shipments/sent', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      for (const s of body.data)
        if (s.shipmentId === shipmentId)
          Object.assign(s, {
            insured: true,
            insuredValue: 334.2,
            priceBreakdown: [
              { label: 'Shipping', amount: 80 },
              { label: 'Insurance', amount: 10 },
              { label: 'Storage fees', amount: 4 },
            ],
            amount: 94,
          });
      await route.fulfill({ response, json: body });
    });
    await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
    await expect(await sentRow(page, shipmentId)).toContainText('Insured');
    const dialog = await openDetails(page, shipmentId);
    const payment = dialog.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Insured up to 334.20 AED');
    for (const text of ['Shipping', '80.00 AED', 'Insurance', '10.00 AED', 'Storage fees', '4.00 AED', 'Total paid', '94.00 AED'])
      await expect(payment).toContainText(text);
    await expectNoAxeViolations(page, 'Sent Shipments details of an insured shipment');
  });

  test('staff open a paid shipment’s commercial invoice from Dispatch', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    const staff = await apiSignIn(request, STAFF);
    const { id } = await consoleShipment(request, staff.headers, shipmentId);
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    const row = page.getByRole('row').filter({ hasText: shipmentId });
    const popup = page.waitForEvent('popup');
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/staff/shipments/${id}/commercial-invoice`);
    await row.getByRole('button', { name: `Commercial invoice ${shipmentId}` }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await popup;
  });
});

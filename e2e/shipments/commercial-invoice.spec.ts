import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { consoleShipment } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openRowDialog, openSignedIn, runId, STAFF } from '../support/e2e-utils';
import { paidShipmentToDispatch, receivePackage, saveAddress } from './shipments-utils';

/** The shipment's row in Sent Shipments, found by searching for it. */
async function sentRow(page: Page, shipmentId: string) {
  await page.getByLabel('Search shipments').fill(shipmentId);
  const row = page.getByRole('row').filter({ hasText: shipmentId });
  await expect(row).toBeVisible();
  return row;
}

/** Opens a sent shipment's details from its row (the list is hidden from assistive technology meanwhile). */
const openDetails = (page: Page, shipmentId: string) => openRowDialog(page, shipmentId, `View ${shipmentId}`, `Shipment ${shipmentId}`);

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
    // Paid as the wizard pays (issue "Declare, insure"): priced from the package with insurance, then charged that total.
    // 25 EUR = 99.25 AED of cover: the 10 AED minimum premium. Received 47 days ago: 2 days of storage fees, 4 AED.
    const tag = runId();
    const address = await saveAddress(request, `Insured ${tag}`);
    const pkg = await receivePackage(request, `Insured journey ${tag}`, { receivedDaysAgo: 47 });
    const demo = await apiSignIn(request, DEMO);
    const price = await request.post('/api/user/shipments/calculate-shipping-price', {
      headers: demo.headers,
      data: { packages: [pkg.hopboxId], destination: 'United Arab Emirates', insurance: true },
    });
    expect(price.status(), await price.text()).toBe(200);
    const quoted = (await price.json()) as { price: number; breakdown: { label: string; amount: number }[] };
    const link = await request.post('/api/user/shipment-payment/generate', {
      headers: demo.headers,
      data: { amount: quoted.price.toFixed(2), currency: 'AED', packages: [pkg.id], addressId: address.id, insurance: true },
    });
    expect(link.status(), await link.text()).toBe(200);
    const { orderRef } = (await link.json()) as { orderRef: string };
    expect((await request.post(`/payments/sandbox/${orderRef}`, { form: { action: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
    const check = await request.post('/api/user/shipment-payment/check', { headers: demo.headers, data: { orderRef } });
    const { shipmentId } = (await check.json()) as { shipmentId: string };

    await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
    await expect(await sentRow(page, shipmentId)).toContainText('Insured');
    const dialog = await openDetails(page, shipmentId);
    const payment = dialog.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Insured up to 99.25 AED');
    const money = (v: number) => `${v.toFixed(2)} AED`;
    for (const line of quoted.breakdown) {
      await expect(payment).toContainText(line.label);
      await expect(payment).toContainText(money(line.amount));
    }
    expect(quoted.breakdown.map((l) => l.label)).toEqual([
      'Shipping',
      'Insurance (cover up to 99.25 AED)',
      'Storage fees (2 days past free storage)',
    ]);
    await expect(payment).toContainText('Total paid');
    await expect(payment).toContainText(money(quoted.price));
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

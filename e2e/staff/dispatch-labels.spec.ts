import { expect, type Page, test } from '@playwright/test';
import { paidShipmentToDispatch } from '../shipments/shipments-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, openSignedIn, runId, STAFF } from '../support/e2e-utils';
import { consoleShipment, expectPdf } from './staff-utils';

const CARRIER = 'Hopbox Sandbox';

/** The shipment's row on Dispatch (awaiting dispatch), once the list shows it. */
async function dispatchRow(page: Page, shipmentId: string) {
  const row = page.getByRole('row').filter({ hasText: shipmentId });
  await expect(row).toBeVisible();
  return row;
}

test.describe('Dispatch books shipments with the carrier and prints their labels', () => {
  test('one shipment: booked from its row, its AWB and carrier shown, its label opened as a PDF', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    const staff = await apiSignIn(request, STAFF);

    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    const row = await dispatchRow(page, shipmentId);
    await expect(row).toContainText('Finalized');
    await expect(row.getByRole('button', { name: `Print label ${shipmentId}` })).toHaveCount(0);

    await row.getByRole('button', { name: `Book with carrier ${shipmentId}` }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${shipmentId} booked with ${CARRIER}` })).toBeVisible();
    const booked = await consoleShipment(request, staff.headers, shipmentId);
    expect(booked.carrier).toBe('sandbox');
    expect(booked.shipmentStatus).toBe('Processed');
    await expect(row).toContainText(booked.awb as string);
    await expect(row).toContainText(CARRIER);
    await expect(row).toContainText('Processed');
    await expect(row.getByRole('button', { name: `Book with carrier ${shipmentId}` })).toHaveCount(0);

    // The label is fetched with the session's bearer token (never a token in the address) and opens in a new tab.
    const popup = page.waitForEvent('popup');
    const labelAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/staff/shipments/${booked.id}/label`);
    await row.getByRole('button', { name: `Print label ${shipmentId}` }).click();
    const label = await labelAnswer;
    await expectPdf(label, request, staff.headers);
    expect(label.url()).not.toMatch(/token|bearer/i);
    expect(await label.request().headerValue('authorization')).toMatch(/^Bearer /);
    await popup;

    // Booking again answers the same AWB (the API is idempotent), and the dialog shows the booking.
    const again = await request.post(`/api/staff/shipments/${booked.id}/airway-bill`, { headers: staff.headers });
    expect(again.status(), await again.text()).toBe(200);
    expect(((await again.json()) as { data: { awb: string } }).data.awb).toBe(booked.awb);

    await expectNoAxeViolations(page, 'Dispatch with a booked shipment');
    // Booked, it moves with the carrier's tracking: the row opens the shipment, with nothing to move by hand.
    await expect(row.getByRole('button', { name: `Dispatch ${shipmentId}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Open ${shipmentId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Dispatch ${shipmentId}` });
    const carrier = dialog.getByRole('region', { name: 'Carrier' });
    await expect(carrier).toContainText(CARRIER);
    await expect(carrier).toContainText(booked.awb as string);
    await expect(carrier.getByRole('button', { name: `Print label ${shipmentId}` })).toBeVisible();
    await expect(dialog).toContainText(`Booked with ${CARRIER}: its status follows the carrier's tracking`);
    await expect(dialog.getByLabel('Status')).toHaveCount(0);
    await expectNoAxeViolations(page, 'Dispatch dialog of a booked shipment');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('two shipments: selected, booked together, their labels printed as one PDF', async ({ page, request }) => {
    const tag = runId();
    const first = await paidShipmentToDispatch(request, `${tag}a`);
    const second = await paidShipmentToDispatch(request, `${tag}b`);
    const staff = await apiSignIn(request, STAFF);

    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    await dispatchRow(page, first);
    await dispatchRow(page, second);
    await expect(page.getByRole('button', { name: 'Print labels' })).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();

    await page.getByRole('button', { name: 'Book selected' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `2 shipments booked with ${CARRIER}` })).toBeVisible();
    const booked = [await consoleShipment(request, staff.headers, first), await consoleShipment(request, staff.headers, second)];
    for (const shipment of booked) {
      expect(shipment.awb).toBeTruthy();
      await expect(await dispatchRow(page, shipment.shipmentId)).toContainText(shipment.awb as string);
    }

    const labelsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/staff/shipments/labels');
    await page.getByRole('button', { name: 'Print labels' }).click();
    const labels = await labelsAnswer;
    await expectPdf(labels, request, staff.headers);
    const ids = new URL(labels.url()).searchParams.get('ids')?.split(',').map(Number).sort();
    expect(ids).toEqual(booked.map((s) => s.id).sort());
  });

  test('on a phone, each shipment is a card with its carrier actions', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    const card = page.getByRole('listitem').filter({ hasText: shipmentId });
    await expect(card).toBeVisible();
    await expect(card.getByRole('checkbox', { name: `Select ${shipmentId}` })).toBeVisible();
    await card.getByRole('button', { name: `Book with carrier ${shipmentId}` }).click();
    await expect(card.getByRole('button', { name: `Print label ${shipmentId}` })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, 'Dispatch on a phone');
  });
});

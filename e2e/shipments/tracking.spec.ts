import { expect, test } from '@playwright/test';
import { consoleShipment, portalLinks } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF, waitForMail } from '../support/e2e-utils';
import { paidShipmentToDispatch } from './shipments-utils';

// The carrier; its products are Express and Economy (decision 070), and the wizard pays the cheapest.
const CARRIER = 'Hopbox Sandbox';
/** The sandbox carrier's journey (contracts' SANDBOX_JOURNEY), one step per tracking read. */
const JOURNEY = ['Picked up', 'Departed origin facility', 'Arrived at destination facility', 'Out for delivery', 'Delivered'];

test.describe('the customer follows a shipment booked with the carrier', () => {
  test('staff book and read tracking to Delivered; the customer sees the timeline, the mails link to it', async ({
    page,
    request,
    baseURL,
  }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    const staff = await apiSignIn(request, STAFF);
    const { id } = await consoleShipment(request, staff.headers, shipmentId);
    const booking = await request.post(`/api/staff/shipments/${id}/airway-bill`, { headers: staff.headers });
    expect(booking.status(), await booking.text()).toBe(200);
    const { awb } = ((await booking.json()) as { data: { awb: string } }).data;

    // The first read through the console's "Refresh tracking": the carrier has picked it up, so it is Shipped.
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
    const row = page.getByRole('row').filter({ hasText: shipmentId });
    await row.getByRole('button', { name: `Refresh tracking ${shipmentId}` }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${shipmentId}: Picked up` })).toBeVisible();
    expect((await consoleShipment(request, staff.headers, shipmentId)).shipmentStatus).toBe('Shipped');
    await page.getByRole('group', { name: 'Show shipments' }).getByRole('button', { name: 'Shipped', exact: true }).click();
    const shippedRow = page.getByRole('row').filter({ hasText: shipmentId });
    await expect(shippedRow).toContainText('Picked up');
    await expect(shippedRow.getByRole('button', { name: `Refresh tracking ${shipmentId}` })).toBeVisible();

    // The rest of the journey through the API, one step a read, until Delivered.
    let status = 'Shipped';
    for (let read = 1; read < JOURNEY.length; read++) {
      const refreshed = await request.post(`/api/staff/shipments/${id}/tracking/refresh`, { headers: staff.headers });
      expect(refreshed.status(), await refreshed.text()).toBe(200);
      const tracking = ((await refreshed.json()) as { data: { status: string; events: { status: string }[] } }).data;
      expect(tracking.events[0]?.status).toBe(JOURNEY[read]);
      status = tracking.status;
    }
    expect(status).toBe('Delivered');

    // Both mails are in the outbox; the Shipped one links to the shipment's timeline.
    const shippedMail = await waitForMail(DEMO.email, new RegExp(`Shipment ${shipmentId} is on its way`));
    expect(shippedMail).toContain(awb);
    const trackLink = `${baseURL}/sent-shipment?track=${shipmentId}`;
    expect(portalLinks(shippedMail, baseURL as string)).toContain(trackLink);
    await waitForMail(DEMO.email, new RegExp(`Subject: [^\\n]*${shipmentId}[^\\n]*delivered`, 'i'));

    // The customer's Sent Shipments: the latest event on the row, the timeline in the details.
    await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
    await page.getByLabel('Search shipments').fill(shipmentId);
    const sentRow = page.getByRole('row').filter({ hasText: shipmentId });
    await expect(sentRow).toContainText('Delivered');
    await expect(sentRow).toContainText(awb);
    await sentRow.getByRole('button', { name: `View ${shipmentId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Shipment ${shipmentId}` });
    await expect(dialog).toContainText(CARRIER);
    await expect(dialog.getByRole('button', { name: 'Copy awb' })).toBeVisible();
    const timeline = dialog.getByRole('list', { name: 'Tracking events, newest first' });
    const events = timeline.getByRole('listitem');
    await expect(events).toHaveCount(JOURNEY.length);
    for (const [index, step] of [...JOURNEY].reverse().entries()) await expect(events.nth(index)).toContainText(step);
    await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expectNoAxeViolations(page, 'Sent Shipments details with the timeline');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The mail's link opens the same details; closing them leaves the plain list.
    await page.goto(trackLink);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Tracking events, newest first' }).getByRole('listitem')).toHaveCount(JOURNEY.length);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/sent-shipment$/);

    // A shipment not on the page shown (here a search leaves it out) is looked up, and its details open all the same.
    await page.goto(`${trackLink}&q=no-such-shipment`);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Tracking events, newest first' }).getByRole('listitem')).toHaveCount(JOURNEY.length);
  });

  test('a shipment not booked yet says so; a link to a shipment not in the list quietly shows the list', async ({ page, request }) => {
    const shipmentId = await paidShipmentToDispatch(request, runId());
    await openSignedIn(page, DEMO.email, DEMO.password, `/sent-shipment?track=${shipmentId}`);
    const dialog = page.getByRole('dialog', { name: `Shipment ${shipmentId}` });
    await expect(dialog.getByRole('region', { name: 'Tracking' })).toContainText('Not booked with the carrier yet');
    await expectNoAxeViolations(page, 'Sent Shipments details before booking');
    await page.keyboard.press('Escape');

    await page.goto('/sent-shipment?track=SHP000000000');
    await expect(page.getByRole('heading', { name: 'Sent Shipments', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test('the profile offers the "A shipment was delivered" mail switch', async ({ page }) => {
    await openSignedIn(page, DEMO.email, DEMO.password, '/profile');
    await expect(page.getByRole('switch', { name: 'Email me when: A shipment was delivered' })).toBeVisible();
  });
});

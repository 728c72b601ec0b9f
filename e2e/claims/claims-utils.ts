import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { paidShipmentToDispatch } from '../shipments/shipments-utils';
import { consoleShipment } from '../staff/staff-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF } from '../support/e2e-utils';

/**
 * A delivered shipment of the demo customer's: paid, booked, and read along the sandbox carrier's journey to
 * Delivered, so damage and missing items may be claimed on it. Answers its SHP… id and its numeric id.
 */
export async function deliveredDemoShipment(request: APIRequestContext) {
  const shipmentId = await paidShipmentToDispatch(request, runId());
  const staff = await apiSignIn(request, STAFF);
  const { id } = await consoleShipment(request, staff.headers, shipmentId);
  expect((await request.post(`/api/staff/shipments/${id}/airway-bill`, { headers: staff.headers })).status()).toBe(200);
  for (let read = 0; read < 5; read++) {
    expect((await request.post(`/api/staff/shipments/${id}/tracking/refresh`, { headers: staff.headers })).status()).toBe(200);
  }
  expect((await consoleShipment(request, staff.headers, shipmentId)).shipmentStatus).toBe('Delivered');
  return { shipmentId, id };
}

/** The demo customer, signed in, opens the claim form from a sent shipment's details: answers the form. */
export async function claimFormFromShipment(page: Page, shipmentId: string) {
  await openSignedIn(page, DEMO.email, DEMO.password, '/sent-shipment');
  await page.getByLabel('Search shipments').fill(shipmentId);
  await page
    .getByRole('row')
    .filter({ hasText: shipmentId })
    .getByRole('button', { name: `View ${shipmentId}` })
    .click();
  await page
    .getByRole('dialog', { name: `Shipment ${shipmentId}` })
    .getByRole('link', { name: 'File a claim' })
    .click();
  return page.getByRole('region', { name: 'File a claim' });
}

import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe-utils';

export const ADMIN = { email: 'admin@hopbox.example', password: 'admin1234' };
export const DEMO_LOCKER = 'HB100001';

/** A real, decodable PNG (the API checks uploads by content), in a colour of its own. */
export function pngImage(r: number, g: number, b: number, width = 96, height = 72): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** POST/GET through the API and expect a success status; returns the JSON answer. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const response = await request[method](url, { headers, data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The portal links a mail carries (http://localhost:PORT/...), decoded from the .eml text. */
export function portalLinks(mail: string, origin: string): string[] {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(mail.match(new RegExp(`${escaped}/[^\\s"'<>]*`, 'g')) ?? [])];
}

/**
 * Opens the dialog of the first row (the first button whose name matches `opener`), checks the page with it
 * open with axe once `ready` (if any) has passed, and closes it with Escape.
 */
export async function expectFirstDialogAccessible(page: Page, opener: RegExp, screen: string, ready?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: opener }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await ready?.(dialog);
  await expectNoAxeViolations(page, screen);
  await page.keyboard.press('Escape');
}

/** A shipment as the console lists it: the fields the carrier journeys read. */
export interface ConsoleShipment {
  id: number;
  shipmentId: string;
  shipmentStatus: string;
  awb: string | null;
  carrier: string | null;
  carrierError: string | null;
  carrierOption: { product: string } | null;
}

/**
 * The console's row of a shipment (GET /api/staff/shipments?status=all), by its SHP… id: the list answers a page at a
 * time, newest first, so the pages are read until it is found or they end.
 */
export async function consoleShipment(request: APIRequestContext, headers: Record<string, string>, shipmentId: string) {
  let row: ConsoleShipment | undefined;
  for (let page = 1; !row && page <= 50; page++) {
    const rows = await apiCall<{ data: ConsoleShipment[] }>(
      request,
      'get',
      `/api/staff/shipments?status=all&pageSize=100&page=${page}`,
      headers,
    );
    row = rows.data.find((s) => s.shipmentId === shipmentId);
    if (rows.data.length < 100) break;
  }
  expect(row, `${shipmentId} in the console`).toBeDefined();
  return row as ConsoleShipment;
}

/**
 * Expects the browser's answer to be a PDF: 200 and `application/pdf`; its bytes start with `%PDF`, read by
 * asking again with the same staff session (Chromium keeps no copy of a `no-store` body for the test to read).
 */
export async function expectPdf(
  response: { status(): number; headers(): Record<string, string>; url(): string },
  request: APIRequestContext,
  headers: Record<string, string>,
) {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const again = await request.get(response.url(), { headers });
  expect(again.status()).toBe(200);
  expect((await again.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
}

/**
 * Staff record a consolidation's packed box and make it ready to ship, as the console does; answers the price
 * the customer now pays for it (Shipments Progress).
 */
export async function packForPayment(
  request: APIRequestContext,
  staffHeaders: Record<string, string>,
  customerHeaders: Record<string, string>,
  id: number,
): Promise<number> {
  const packed = await request.put(`/api/staff/shipments/${id}`, {
    headers: staffHeaders,
    data: { packedWeight: 2.4, packedLength: 40, packedBreadth: 30, packedHeight: 25, readyToShip: true },
  });
  expect(packed.status(), await packed.text()).toBe(200);
  const rows = (await (await request.get('/api/user/shipments/consolidated', { headers: customerHeaders })).json()).data as {
    id: number;
    amount: number;
  }[];
  return rows.find((r) => r.id === id)?.amount as number;
}

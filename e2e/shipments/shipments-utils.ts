import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSignIn, createAccount, DEMO, parcel, type ReceivedPackage, STAFF, staffReceivePackage } from '../support/e2e-utils';

/**
 * The warehouse receives a package into the demo customer's locker (POST /api/staff/packages).
 * Small boxes, so the actual weight is what is charged.
 */
export async function receivePackage(
  request: APIRequestContext,
  content: string,
  options: { origin?: string; weight?: number; length?: number; breadth?: number; height?: number; receivedDaysAgo?: number } = {},
): Promise<ReceivedPackage> {
  const staff = await apiSignIn(request, STAFF);
  const demo = await apiSignIn(request, DEMO);
  return staffReceivePackage(request, staff.headers, demo.user.lockerNumber, {
    shipper: 'E2E Shipments Store',
    packageContent: content,
    origin: options.origin ?? 'Germany',
    shipmentStatus: 'Not damaged',
    quantity: 1,
    unitPrice: 25,
    totalPrice: 25,
    currency: 'EUR',
    packageWeight: options.weight ?? 1.2,
    unitWeight: options.weight ?? 1.2,
    packageLength: options.length ?? 20,
    packageBreadth: options.breadth ?? 15,
    packageHeight: options.height ?? 10,
    // A minute less, so the days started past the free storage are whole when the journey reads them.
    ...(options.receivedDaysAgo
      ? { receivedDate: new Date(Date.now() - options.receivedDaysAgo * 86_400_000 + 60_000).toISOString() }
      : {}),
  });
}

/** Saves an address in the demo customer's book through the API (the UI path is tested in the first journey). */
export async function saveAddress(request: APIRequestContext, label: string, country = 'United Arab Emirates') {
  const demo = await apiSignIn(request, DEMO);
  const response = await request.post('/api/user/addresses', {
    headers: demo.headers,
    data: { label, address: `${label} Tower, Sheikh Zayed Road`, city: 'Dubai', state: 'Dubai', country, postalCode: '00000' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

/** Staff set Ready to Ship on the consolidation holding these packages (PUT /api/staff/shipments/{id}). */
export async function markConsolidationReady(request: APIRequestContext, packageIds: string[]): Promise<string> {
  const demo = await apiSignIn(request, DEMO);
  const list = await request.get('/api/user/shipments/consolidated', { headers: demo.headers });
  const rows = ((await list.json()) as { data: { id: number; shipment_id: string; package_ids: string }[] }).data;
  const row = rows.find((r) => packageIds.every((id) => r.package_ids.includes(id)));
  expect(row, 'the consolidation of these packages').toBeDefined();
  const staff = await apiSignIn(request, STAFF);
  const response = await request.put(`/api/staff/shipments/${row?.id}`, {
    headers: staff.headers,
    data: { readyToShip: true, consolidationStatus: 'Completed', packedWeight: 2, packedLength: 30, packedBreadth: 25, packedHeight: 20 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return row?.shipment_id as string;
}

/** Finds a package in Received Packages by searching its Hopbox ID, and ticks it. */
export async function selectPackage(page: Page, hopboxId: string) {
  await page.getByLabel('Search packages').fill(hopboxId);
  const checkbox = page.getByRole('checkbox', { name: `Select ${hopboxId}` });
  await expect(checkbox).toBeVisible();
  await checkbox.check();
}

/**
 * A paid single-package shipment made through the API, as the wizard and the sandbox page do it:
 * price, payment link, Pay on the sandbox page, check. Answers the shipment's id (SHP…).
 */
export async function paidShipmentThroughApi(request: APIRequestContext, hopboxId: string, packageId: number, addressId: number) {
  const demo = await apiSignIn(request, DEMO);
  const addresses = (await (await request.get('/api/user/addresses', { headers: demo.headers })).json()) as {
    data: { id: number; country: string }[];
  };
  const address = addresses.data.find((a) => a.id === addressId);
  expect(address).toBeTruthy();
  // The price the wizard shows for the package itself: the cheapest carrier option, charged when none is named.
  const price = await request.post('/api/user/shipments/calculate-shipping-price', {
    headers: demo.headers,
    data: { packages: [hopboxId], destination: address?.country },
  });
  expect(price.status(), await price.text()).toBe(200);
  const amount = ((await price.json()) as { price: number }).price.toFixed(2);
  const link = await request.post('/api/user/shipment-payment/generate', {
    headers: demo.headers,
    data: { shipmentId: `TEMP_${Date.now()}`, amount, userId: demo.user.id, currency: 'AED', packages: [packageId], addressId },
  });
  expect(link.status(), await link.text()).toBe(200);
  const { orderRef } = (await link.json()) as { orderRef: string };
  const pay = await request.post(`/payments/sandbox/${orderRef}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  const check = await request.post('/api/user/shipment-payment/check', { headers: demo.headers, data: { orderRef } });
  const answer = (await check.json()) as { captured: number; shipmentId: string };
  expect(answer.captured).toBe(1);
  return answer.shipmentId;
}

/**
 * A paid single-package shipment to a fresh address of the demo customer, ready for Dispatch:
 * received, priced, paid on the sandbox page. Answers its SHP… id.
 */
export async function paidShipmentToDispatch(request: APIRequestContext, tag: string) {
  const address = await saveAddress(request, `Carrier ${tag}`);
  const pkg = await receivePackage(request, `Carrier journey ${tag}`);
  return paidShipmentThroughApi(request, pkg.hopboxId, pkg.id, address.id);
}

/**
 * A new customer with a consolidation of parcels holding `contents`, one each, received by the warehouse and sent
 * together to a Dubai address, all through the API. Answers the customer, both sessions and the consolidation.
 */
export async function newCustomerWithConsolidation(request: APIRequestContext, contents: string[]) {
  const customer = await createAccount(request);
  const me = await apiSignIn(request, customer);
  const staff = await apiSignIn(request, STAFF);
  const received = [];
  for (const content of contents) {
    received.push(await staffReceivePackage(request, staff.headers, customer.lockerNumber, parcel(content)));
  }
  const address = await request.post('/api/user/addresses', {
    headers: me.headers,
    data: { label: 'Home', address: '12 Marina Walk', city: 'Dubai', country: 'United Arab Emirates' },
  });
  expect(address.status()).toBe(201);
  const created = await request.post('/api/user/shipments', {
    headers: me.headers,
    data: { packages: received.map((p) => p.hopboxId), addressId: (await address.json()).data.id, isSinglePackage: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const consolidation = (await created.json()).data as { id: number; shipmentId: string };
  return { customer, me, staff, consolidation };
}

/** From Received Packages, one package chosen and the wizard at its Confirm step, where the price is shown. */
export async function wizardAtConfirm(page: Page, hopboxId: string) {
  await page.goto('/received-packages');
  await page.getByRole('checkbox', { name: `Select ${hopboxId}` }).check();
  await page.getByRole('button', { name: 'New Shipment (1)' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 3 of 3: Confirm');
  return wizard;
}

import { expect, type Locator, test } from '@playwright/test';
import { apiCall, consoleShipment } from '../staff/staff-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId, STAFF, staffReceivePackage } from '../support/e2e-utils';
import { selectPackage } from './shipments-utils';

/** "1,234.56 AED" as a number. */
const amountIn = (text: string) => Number((/([\d,]+\.\d{2}) AED/.exec(text)?.[1] ?? 'NaN').replace(/,/g, ''));
const aed = (amount: number) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} AED`;
const priceOf = async (option: Locator) => amountIn(await option.innerText());

/**
 * Issue "No surprise at the door": the customer compares two carriers side by side, chooses the faster one, prepays
 * the import duties the UAE will ask, pays, and the warehouse books the shipment with the carrier and terms chosen.
 */
test('the customer compares two carriers, prepays the duties, pays, and staff book it with the chosen carrier', async ({
  page,
  request,
}) => {
  const staff = await apiSignIn(request, STAFF);
  const demo = await apiSignIn(request, DEMO);
  // 400 USD of goods: above the UAE's AED 1,000 duty-free threshold, so duty and VAT are due.
  const content = `Espresso machine ${runId()}`;
  const pkg = await staffReceivePackage(request, staff.headers, demo.user.lockerNumber, {
    shipper: 'E2E Coffee Store',
    packageContent: content,
    origin: 'Germany',
    shipmentStatus: 'Not damaged',
    quantity: 1,
    unitPrice: 400,
    totalPrice: 400,
    currency: 'USD',
    packageWeight: 1.4,
    unitWeight: 1.4,
    packageLength: 30,
    packageBreadth: 25,
    packageHeight: 20,
  });

  await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages');
  await selectPackage(page, pkg.hopboxId);
  await page.getByRole('button', { name: 'New Shipment (1)' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Step 2 of 3');

  // Two options side by side, the cheapest chosen until the customer picks another.
  const options = wizard.getByRole('group', { name: 'Carrier and delivery time' });
  const economy = options.locator('label').filter({ hasText: 'Hopbox Sandbox Economy' });
  const express = options.locator('label').filter({ hasText: 'Hopbox Sandbox Express' });
  await expect(economy).toContainText('Cheapest');
  await expect(economy).toContainText('business days');
  await expect(express).toContainText('Fastest');
  await expect(options.getByRole('radio', { name: /Hopbox Sandbox Economy/ })).toBeChecked();
  const [economyPrice, expressPrice] = [await priceOf(economy), await priceOf(express)];
  expect(economyPrice).toBeLessThan(expressPrice);
  await expect(wizard.getByTestId('shipping-price')).toHaveText(aed(economyPrice));
  await expectNoAxeViolations(page, 'Create New Shipment with carrier options and duties');

  await options.getByRole('radio', { name: /Hopbox Sandbox Express/ }).check();
  await expect(wizard.getByTestId('shipping-price')).toHaveText(aed(expressPrice));

  // What customs will ask, in plain words; prepaying makes it a line of the price.
  const duties = wizard.getByTestId('duties-estimate');
  await expect(duties).toContainText('payable to the carrier at delivery');
  await expect(duties).toContainText('Duty');
  await expect(duties).toContainText('VAT');
  const prepay = wizard.getByRole('checkbox', { name: /^Prepay import duties and taxes of/ });
  // The first amount the estimate shows is its total, in the choice's title.
  const dutiesTotal = amountIn(await duties.innerText());
  expect(dutiesTotal).toBeGreaterThan(0);
  await prepay.check();
  const total = Math.round((expressPrice + dutiesTotal) * 100) / 100;
  await expect(wizard.getByTestId('shipping-price')).toHaveText(aed(total));
  await expect(duties).toContainText('nothing more to pay at the door');

  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('Hopbox Sandbox Express');
  await expect(wizard.getByTestId('amount-to-pay')).toHaveText(aed(total));
  await wizard.getByRole('button', { name: `Pay ${aed(total)}` }).click();

  // The payment page itemizes the duties and says who pays what at the door.
  await page.waitForURL(/\/payments\/sandbox\//);
  await expect(page.getByTestId('price-lines')).toContainText('Import duties and taxes');
  await expect(page.getByTestId('price-lines')).toContainText(aed(dutiesTotal));
  await expect(page.getByTestId('terms')).toContainText('Carrier: Hopbox Sandbox Express');
  await expect(page.getByTestId('terms')).toContainText('nothing more to pay at the door');
  await expect(page.getByTestId('amount')).toHaveText(aed(total));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/user\/shipment-payment-callback\?ref=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  const sent = await apiCall<{ data: { shipmentId: string; packageIds: string; amount: number }[] }>(
    request,
    'get',
    '/api/user/shipments/sent',
    demo.headers,
  );
  const shipment = sent.data.find((s) => s.packageIds.includes(pkg.hopboxId));
  expect(shipment?.amount).toBe(total);
  const shipmentId = shipment?.shipmentId as string;

  // The warehouse sees what was paid for and books it with that carrier, duties paid by the shipper.
  await openSignedIn(page, STAFF.email, STAFF.password, '/staff/dispatch');
  const row = page.getByRole('row').filter({ hasText: shipmentId });
  await row.getByRole('button', { name: `Dispatch ${shipmentId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dispatch ${shipmentId}` });
  const carrier = dialog.getByRole('region', { name: 'Carrier' });
  await expect(carrier).toContainText('Hopbox Sandbox Express');
  await expect(carrier).toContainText(`Prepaid by the customer (${aed(dutiesTotal)})`);
  await carrier.getByRole('button', { name: `Book with carrier ${shipmentId}` }).click();
  await expect(carrier).toContainText(/HBS\d{9}/);

  expect(await consoleShipment(request, staff.headers, shipmentId)).toMatchObject({
    carrier: 'sandbox',
    carrierOption: { product: 'XPS' },
  });
});

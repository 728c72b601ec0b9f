import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, openSignedIn, runId } from '../support/e2e-utils';
import { paidShipmentThroughApi, receivePackage, saveAddress, selectPackage } from './shipments-utils';

test.describe('accessibility of addresses and shipments', () => {
  test.use({ reducedMotion: 'reduce' });

  let wizardPackage = '';

  test.beforeAll(async ({ request }) => {
    // Something on every page: an address, an open consolidation and a sent shipment.
    const id = runId();
    const address = await saveAddress(request, `Axe ${id}`);
    const pkgs = [await receivePackage(request, `Axe box ${id}`), await receivePackage(request, `Axe box ${id}`)];
    const demo = await apiSignIn(request, DEMO);
    const created = await request.post('/api/user/shipments', {
      headers: demo.headers,
      data: { packages: pkgs.map((p) => p.hopboxId), addressId: address.id, isSinglePackage: false, shipmentStatus: 'Pending' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const single = await receivePackage(request, `Axe parcel ${id}`);
    await paidShipmentThroughApi(request, single.hopboxId, single.id, address.id);
    wizardPackage = (await receivePackage(request, `Axe wizard ${id}`)).hopboxId;
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`Addresses, Shipments Progress, Sent Shipments, the wizard and a payment return, ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);

      await openSignedIn(page, DEMO.email, DEMO.password, '/addresses');
      await expect(page.getByRole('list', { name: 'Saved addresses' })).toBeVisible();
      await expectNoAxeViolations(page, `/addresses (${theme})`);
      await page.getByRole('button', { name: 'Add Address' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add New Address' });
      await form.getByRole('button', { name: 'Add Address' }).click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `the address modal with errors (${theme})`);
      await page.keyboard.press('Escape');

      await page.goto('/shipments-progress');
      const progress = page.getByRole('region', { name: 'Consolidated shipments' });
      await expect(progress.getByRole('row').nth(1)).toBeVisible();
      await expectNoAxeViolations(page, `/shipments-progress (${theme})`);

      await page.goto('/sent-shipment');
      await expect(page.getByRole('heading', { name: 'Sent Shipments', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Sent shipments' }).or(page.getByText('You have not sent any shipments yet.')),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/sent-shipment (${theme})`);
      const view = page.getByRole('button', { name: /^View SHP/ }).first();
      if (await view.isVisible()) {
        await view.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, `the sent shipment details (${theme})`);
        await page.keyboard.press('Escape');

        // The wizard's three steps, checked inside the dialog (the page behind it belongs to Received Packages).
        await page.goto('/received-packages');
        await selectPackage(page, wizardPackage);
        await page.getByRole('button', { name: 'New Shipment (1)' }).click();
        const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
        await expect(wizard.getByRole('cell', { name: wizardPackage })).toBeVisible();
        await expectNoAxeViolations(page, `wizard step 1 (${theme})`, '[role="dialog"]');
        await wizard.getByRole('button', { name: 'Next' }).click();
        await expect(wizard.getByTestId('shipping-price')).toBeVisible();
        await expectNoAxeViolations(page, `wizard step 2 (${theme})`, '[role="dialog"]');
        await wizard.getByRole('button', { name: 'Next' }).click();
        await expect(wizard.getByRole('button', { name: /^Pay \d/ })).toBeEnabled();
        await expectNoAxeViolations(page, `wizard step 3 (${theme})`, '[role="dialog"]');
        await page.keyboard.press('Escape');

        // A payment return with a reference that is not the customer's.
        await page.goto('/user/shipment-payment-callback?ref=sbx-not-a-real-reference');
        await expect(page.getByRole('heading', { name: 'Invalid payment reference' })).toBeVisible();
        await expectNoAxeViolations(page, `the payment callback, failed (${theme})`);
      }
    });
  }
});

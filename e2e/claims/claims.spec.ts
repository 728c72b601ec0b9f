import { claimMessages } from '@hopbox/contracts/claims';
import { expect, test } from '@playwright/test';
import { makePng } from '../packages/packages-utils';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, STAFF } from '../support/e2e-utils';
import { claimFormFromShipment, deliveredDemoShipment } from './claims-utils';

const png = (name: string, width: number) => ({ name, mimeType: 'image/png', buffer: makePng(width, 48) });

/**
 * Issue "When it goes wrong", its Claims (decision 066): a shipment is delivered; from its details the customer files
 * a damaged claim with two photos, seeing each kind's window; the claim is listed and shows its photos. The warehouse
 * asks for more, and the customer answers with a photo.
 */
test('a customer files a damaged claim on a delivered shipment, and answers the warehouse', async ({ page, request }) => {
  // Three axe runs and a shipment carried to Delivered: well over a minute on a busy machine.
  test.setTimeout(150_000);
  const { shipmentId, id } = await deliveredDemoShipment(request);
  const staff = await apiSignIn(request, STAFF);

  // From the shipment's details to the claim form, which knows what it is about and shows every window.
  const form = await claimFormFromShipment(page, shipmentId);
  await expect(page).toHaveURL(new RegExp(`/claims/new\\?shipmentId=${id}&ref=${shipmentId}`));
  await expect(form.getByText(`About Shipment ${shipmentId}`)).toBeVisible();
  const damaged = form.getByRole('radio', { name: 'Arrived damaged' });
  await expect(damaged).toBeEnabled();
  await expect(damaged).toHaveAccessibleDescription(/^Open until /);
  await expect(form.getByRole('radio', { name: 'Lost' })).toBeDisabled();
  await expect(form.getByText(claimMessages.lostDelivered)).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Wrong weight' })).toBeDisabled();
  await expectNoAxeViolations(page, '/claims/new');

  // The contracts' rules on the screen, then the API's cap on the amount, on its field.
  await form.getByRole('button', { name: 'File claim' }).click();
  await expect(form.getByText(claimMessages.typeRequired)).toBeVisible();
  await expect(form.getByText(claimMessages.descriptionRequired)).toBeVisible();
  await damaged.check();
  await form.getByLabel('What happened').fill('The box arrived crushed on one side and the lamp inside is cracked.');
  await form.getByLabel('Amount claimed').fill('99999');
  await form.getByRole('button', { name: 'File claim' }).click();
  await expect(form.getByText(/^You can claim at most /)).toBeVisible();
  await form.getByLabel('Amount claimed').fill('20');
  await form.locator('input[type="file"]').setInputFiles([png('crushed-box.png', 64), png('cracked-lamp.png', 72)]);
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
  await expect(form.getByText('2 of 10')).toBeVisible();
  await form.getByRole('button', { name: 'File claim' }).click();

  // The claim's page: its facts and both photos, open, waiting for the warehouse.
  await expect(page).toHaveURL(/\/claims\/\d+$/);
  const claimId = Number(new URL(page.url()).pathname.split('/').pop());
  const reference = `CLM${String(claimId).padStart(6, '0')}`;
  const claim = page.getByRole('region', { name: 'Claim', exact: true });
  await expect(claim.getByRole('heading', { name: `Claim ${reference}` })).toBeVisible();
  await expect(claim).toContainText(`Shipment ${shipmentId}`);
  await expect(claim).toContainText('20.00 AED');
  await expect(claim.getByText('Open', { exact: true })).toBeVisible();
  const photos = claim.getByRole('list', { name: 'Photo of the claim' });
  await expect(photos.getByRole('button')).toHaveCount(2);
  await photos.getByRole('button', { name: /Photo 1 of 2/ }).click();
  await expect(claim.getByRole('img', { name: /Photo of the claim crushed-box\.png/ })).toBeVisible();

  // Listed, newest first.
  await claim.getByRole('link', { name: 'All claims' }).click();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(`Shipment ${shipmentId}`);
  await expect(row).toContainText('Arrived damaged');
  await expect(page.getByRole('row').nth(1)).toContainText(reference);
  await expectNoAxeViolations(page, '/claims');

  // The warehouse asks for more: the claim stands out, and the customer answers with a photo.
  const asked = await request.put(`/api/staff/claims/${claimId}`, {
    headers: staff.headers,
    data: { status: 'NEEDS_INFO', message: 'Could you send a photo of the lamp’s base?' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: reference })).toContainText('needs more from you');
  await page.getByRole('link', { name: `Answer ${reference}` }).click();
  await expect(claim.getByRole('list', { name: 'Messages' })).toContainText('photo of the lamp’s base');
  const answer = claim.getByRole('form', { name: 'Answer the warehouse team' });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText(claimMessages.replyRequired)).toBeVisible();
  await answer.getByRole('textbox', { name: 'Your answer' }).fill('Here is the base, with the crack along it.');
  await answer.locator('input[type="file"]').setInputFiles([png('lamp-base.png', 80)]);
  // The claim's page with its thread and the answer form, photo chosen.
  await expectNoAxeViolations(page, '/claims/:id answering');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  const thread = claim.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('with the crack along it');
  await expect(thread.getByRole('list', { name: 'Photo sent by you' }).getByRole('button')).toHaveCount(1);
  await expect(answer).toHaveCount(0);
  await expect(claim.getByText('Open', { exact: true })).toBeVisible();
});

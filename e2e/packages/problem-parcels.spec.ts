import { messages } from '@hopbox/contracts/messages';
import { expect, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

// Problem parcels are held (the demo locker holds a prohibited lithium battery pack and a damaged camera).
test('a prohibited item cannot be selected and says why; a damaged one can, after a warning in the wizard', async ({ page }) => {
  await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages?q=Lithium%20battery');
  const table = page.getByRole('region', { name: 'Received packages' });
  const row = table.getByRole('row').filter({ hasText: 'Lithium battery pack' });
  await expect(row).toContainText('Prohibited Item');
  await expect(row).toContainText(messages.shipments.prohibitedShort);
  const box = row.getByRole('checkbox');
  await expect(box).toBeDisabled();
  await expect(box).toHaveAccessibleDescription(messages.shipments.prohibitedRow);
  // Nothing on this page can be selected, so neither can all of it.
  await expect(table.getByRole('checkbox', { name: 'Select all packages on this page' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^New Shipment/ })).toHaveAccessibleName('New Shipment (0)');

  await page.goto('/received-packages?q=Vintage%20camera');
  const damaged = table.getByRole('row').filter({ hasText: 'Vintage camera' });
  await expect(damaged).toContainText('Damaged');
  const hopboxId = (await damaged.getByRole('checkbox').getAttribute('aria-label'))?.replace('Select ', '') ?? '';
  await damaged.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'New Shipment (1)' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  await expect(wizard.getByRole('status').filter({ hasText: 'arrived damaged' })).toHaveText(messages.shipments.damagedWarning([hopboxId]));
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeEnabled();
});

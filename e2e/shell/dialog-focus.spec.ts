import { expect, test } from '@playwright/test';
import { DEMO, openSignedIn } from '../support/e2e-utils';

// A dialog gives the focus back to the control that opened it, so the keyboard carries on from there.
test('closing a dialog returns the focus to its opener, and Tab goes on to the next control', async ({ page }) => {
  await openSignedIn(page, DEMO.email, DEMO.password, '/received-packages');
  const view = page.getByRole('button', { name: /^View details of HBX/ }).first();
  const hopboxId = ((await view.getAttribute('aria-label')) ?? '').replace('View details of ', '');
  await view.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Package Details' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(view).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Edit ${hopboxId}` })).toBeFocused();

  // A row's dialog opened with the mouse, closed with its Close button.
  const edit = page.getByRole('button', { name: `Edit ${hopboxId}` });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Package' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(edit).toBeFocused();

  await page.goto('/addresses');
  const add = page.getByRole('button', { name: 'Add Address' }).first();
  await add.click();
  // The form's code loads with its first opening (decision 081): Escape once the dialog is there, as a reader would.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();
});

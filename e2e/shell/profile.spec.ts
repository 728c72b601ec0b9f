import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, expectToastAndClose, openSignedIn, storedSession, uniqueEmail, waitForMail } from '../support/e2e-utils';

/**
 * Toasts never cover a page's title (decision 056): the toast with `text`, once it has slid in, lies above or below
 * the page's heading; then it is closed as a user would.
 */
async function expectToastClearOfTitle(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await page.waitForTimeout(500);
  const [box, title] = await Promise.all([toast.boundingBox(), page.getByRole('heading', { level: 1 }).boundingBox()]);
  if (!box || !title) throw new Error('the toast or the title has no box');
  // Not even beside it: a longer title, or another page's, would run under a toast at its height.
  const clear = box.y >= title.y + title.height || box.y + box.height <= title.y;
  expect(clear, `toast ${JSON.stringify(box)} at the height of the title ${JSON.stringify(title)}`).toBe(true);
  await expectToastAndClose(page, text);
}

/** The Current Password field of the form or modal is marked invalid, with the message shown in it. */
async function expectCurrentPasswordError(scope: Locator, message: string) {
  await expect(scope.getByText(message, { exact: true })).toBeVisible();
  await expect(scope.getByLabel('Current Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
}

test('edit the name, change the email with the current password, change the password (a wrong current one is refused), sign out and sign in with the new ones', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { firstName: 'Paula', lastName: 'Profile' });
  const newPassword = 'changed789';
  await openSignedIn(page, account.email, account.password, '/profile');

  const card = page.getByRole('region', { name: 'Your profile' });
  await expect(card.getByRole('heading', { name: 'Paula Profile' })).toBeVisible();
  await expect(card.getByText('User', { exact: true })).toBeVisible();
  await expect(card.getByText(account.email)).toBeVisible();
  await expect(card.getByText(account.lockerNumber)).toBeVisible();

  // Edit the name through the modal.
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(modal.getByLabel('First Name')).toHaveValue('Paula');
  await expect(modal.getByLabel('Last Name')).toHaveValue('Profile');
  await expect(modal.getByLabel('Email')).toHaveValue(account.email);
  await expect(modal.getByLabel('Mobile Number')).toHaveValue(account.phone);
  await expect(modal.getByLabel('Role')).toHaveValue('User');
  await expect(modal.getByLabel('Role')).toHaveAttribute('readonly', '');
  await modal.getByLabel('First Name').fill('');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByText('First name is required', { exact: true })).toBeVisible();
  await modal.getByLabel('First Name').fill('Renata');
  // A number too short for the account's country: the server's message shows under the field, in the dialog.
  const mobile = modal.getByLabel('Mobile Number');
  await mobile.fill('050 12');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(mobile).toHaveAccessibleDescription('Please enter a valid mobile number');
  // A local number is read in the account's country (the United Arab Emirates) and stored in E.164.
  await mobile.fill('050 765 4321');
  await modal.getByLabel('Last Name').fill('Renamed');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectToastClearOfTitle(page, 'Profile updated successfully!');
  await expect(modal).toBeHidden();
  await expect(card.getByRole('heading', { name: 'Renata Renamed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu for Renata Renamed' })).toBeVisible();
  expect((await storedSession(page)).user_userName).toBe('Renata Renamed');

  // A new email needs the current password: its field appears only while the email differs.
  const newEmail = uniqueEmail('moved');
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(modal.getByLabel('Mobile Number')).toHaveValue('+971507654321');
  await expect(modal.getByLabel('Current Password', { exact: true })).toHaveCount(0);
  await modal.getByLabel('Email').fill(newEmail);
  await expect(modal.getByLabel('Current Password', { exact: true })).toBeVisible();
  await modal.getByLabel('Email').fill(account.email.toUpperCase());
  await expect(modal.getByLabel('Current Password', { exact: true })).toHaveCount(0);
  await modal.getByLabel('Email').fill(newEmail);
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectCurrentPasswordError(modal, 'Enter your current password to change your email');
  await modal.getByLabel('Current Password', { exact: true }).fill(account.password);
  // On a 375 px phone too.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectToastClearOfTitle(page, 'Profile updated successfully!');
  if (desktop) await page.setViewportSize(desktop);
  await expect(modal).toBeHidden();
  await expect(card.getByText(newEmail)).toBeVisible();
  // The old address is told.
  await waitForMail(account.email, /email address of your .* account was just changed/);

  // A wrong current password.
  const form = page.getByRole('region', { name: 'Change Password' });
  // The form's rules load with its first submit (decision 085): a confirmation that differs is refused there.
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Current Password', { exact: true }).fill('not-my-password1');
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectCurrentPasswordError(form, 'Current password is incorrect');

  // The right one.
  await form.getByLabel('Current Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToastAndClose(page, 'Password changed successfully!');
  await expect(form.getByLabel('Current Password', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/profile$/);

  // Sign out through the user menu.
  await page.getByRole('button', { name: 'User menu for Renata Renamed' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Renata Renamed');
});

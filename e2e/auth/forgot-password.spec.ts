import { expect, test } from '@playwright/test';
import { createAccount, waitForMail, watchRedirectDelay } from '../support/e2e-utils';

test.describe('forgot password', () => {
  test('the mailed link resets the password once; the old password stops working and the new one signs in', async ({ page, request }) => {
    const account = await createAccount(request);
    const newPassword = 'fresh456';

    await page.goto('/signin');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const modal = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();

    // The modal checks the email first.
    await modal.getByRole('button', { name: 'Send instructions' }).click();
    await expect(modal.getByText('Email is required', { exact: true })).toBeVisible();
    await modal.getByLabel('Email').fill('nobody-at-example');
    await modal.getByRole('button', { name: 'Send instructions' }).click();
    await expect(modal.getByText('Email is invalid', { exact: true })).toBeVisible();

    await modal.getByLabel('Email').fill(account.email);
    await modal.getByRole('button', { name: 'Send instructions' }).click();
    await expect(modal.getByText('If this email exists, we sent instructions.')).toBeVisible();
    // The success view's own Close button (the dialog's X is also named 'Close').
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(modal).toBeHidden();

    const mail = await waitForMail(account.email, /reset-password\?token=/);
    const link = mail.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_\-.~%]+/)?.[0];
    expect(link, 'the mail carries a reset link').toBeTruthy();
    const url = new URL(link as string);
    expect(url.origin, 'the link is built from PUBLIC_URL').toBe(new URL(page.url()).origin);
    const resetPath = `${url.pathname}${url.search}`;

    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const password = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });

    // SPEC.md section 5's reset rules.
    await password.fill('lettersonly');
    await confirm.fill('lettersonly');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must contain at least one number', { exact: true })).toBeVisible();
    await password.fill('123456');
    await confirm.fill('123456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must contain at least one letter', { exact: true })).toBeVisible();
    await password.fill('a1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters long', { exact: true })).toBeVisible();
    await password.fill(newPassword);
    await confirm.fill('fresh457');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

    await confirm.fill(newPassword);
    const redirectDelay = await watchRedirectDelay(page, 'Password reset successfully!', '/signin');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password reset successfully!' })).toBeVisible();
    const waited = await redirectDelay();
    expect(waited, `redirected after ${waited} ms`).toBeGreaterThanOrEqual(2_700);
    expect(waited, `redirected after ${waited} ms`).toBeLessThan(4_500);

    // The old password no longer works.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    // The new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${account.fullName}`);

    // The link is single use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(resetPath);
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByText('Invalid or expired reset token')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
  });

  test('a link without a token, or with an unknown one, is refused', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByText('No reset token provided')).toBeVisible();

    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByText('Invalid or expired reset token')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });
});

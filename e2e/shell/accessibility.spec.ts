import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { DEMO, openSignedIn } from '../support/e2e-utils';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.use({ reducedMotion: 'reduce' });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        if (!sessionStorage.getItem('e2e-theme-set')) {
          localStorage.setItem('theme', value);
          sessionStorage.setItem('e2e-theme-set', '1');
        }
      }, theme);
    });

    test('the public screens: /signin, the forgot-password modal, /signup, /reset-password (invalid link)', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectNoAxeViolations(page, '/signin');

      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const modal = page.getByRole('dialog', { name: 'Reset your password' });
      await expect(modal).toBeVisible();
      // Radix keeps the focus inside the dialog.
      await expect(modal.locator(':focus')).toHaveCount(1);
      await expectNoAxeViolations(page, 'the forgot-password modal');
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoAxeViolations(page, '/signup');
      // With the rule messages showing (their red text on both themes).
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expectNoAxeViolations(page, '/signup with errors');

      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
      await expectNoAxeViolations(page, '/reset-password (invalid link)');
    });

    test('the signed-in screens: /dashboard, /photo-requests, /profile with the edit modal open', async ({ page }) => {
      await openSignedIn(page, DEMO.email, DEMO.password);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
      await expect(page.getByRole('list', { name: 'Shipping locations' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('region', { name: 'Summary' }).getByText(/^\d+$/)).toHaveCount(4);
      await expectNoAxeViolations(page, '/dashboard');

      // Its summary is a description list whose groups hold only their term and value.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Photo Requests' }).click();
      await expect(page.getByRole('region', { name: 'Photo request summary' }).getByText(/^\d+$/)).toHaveCount(3);
      await expectNoAxeViolations(page, '/photo-requests');

      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
      await expectNoAxeViolations(page, '/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
      await expectNoAxeViolations(page, '/profile with the edit modal open');
    });
  });
}

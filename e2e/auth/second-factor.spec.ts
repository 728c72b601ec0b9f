import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { signIn } from '../support/e2e-utils';
import { freshCode } from '../support/second-factor';

/** The admin the journeys' server adds with the CLI, with no second factor yet (e2e/support/serve.mjs). */
const NEW_ADMIN = { email: 'enrol.admin@hopbox.example', password: 'Enrol-admin-2026', name: 'Eli Enrol' };
/** The second browser: Firefox on a Windows laptop, so Profile tells its session apart. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signOut(page: Page) {
  await page.getByRole('button', { name: `User menu for ${NEW_ADMIN.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

async function passwordStep(page: Page) {
  await signIn(page, NEW_ADMIN.email, NEW_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

/**
 * Issue 25, "Second factor" (decision 049): an admin without a second factor is sent to enrolment, reads the
 * setup key, turns on TOTP with a code computed from it, saves the recovery codes, signs out, and signs in again
 * with a code; a wrong code is refused with the API's message, a session on another browser is signed out from
 * Profile (issue 25's journey), and a recovery code works once.
 */
test('an admin enrols an authenticator app, signs in with its codes and a recovery code, and signs another session out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page, NEW_ADMIN.email, NEW_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your setup key' })).toBeVisible();
  await expectNoAxeViolations(page, 'the enrolment page');

  const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code. Please try again.' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const goOn = page.getByRole('button', { name: 'Continue' });
  await expect(goOn).toBeDisabled();
  await expectNoAxeViolations(page, 'the recovery codes');
  await page.getByLabel('I have saved my recovery codes').check();
  await goOn.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good to see you, Eli');
  await signOut(page);

  // The code step: a wrong code is refused with the API's message, then a code of the app signs in.
  await passwordStep(page);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'the code step');
  await codeField.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code. Please try again.' })).toBeVisible();
  await codeField.fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good to see you, Eli');

  // Signed in on a second browser with another code, the admin signs that session out from Profile.
  const laptop = await browser.newContext({ baseURL, userAgent: FIREFOX_ON_WINDOWS });
  const other = await laptop.newPage();
  await signIn(other, NEW_ADMIN.email, NEW_ADMIN.password);
  await other.getByLabel('Authentication code').fill(await freshCode(secret));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(/\/staff$/);
  await page.goto('/profile');
  const firefox = page
    .getByRole('region', { name: "Where you're signed in" })
    .getByRole('listitem')
    .filter({ hasText: 'Firefox 133 on Windows' });
  await firefox.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign out this session?' }).getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(firefox).toHaveCount(0);
  await other.goto('/staff/packages');
  await expect(other).toHaveURL(/\/signin/);
  await laptop.close();
  await signOut(page);

  // A recovery code signs in once.
  await passwordStep(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await signOut(page);
  await passwordStep(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code. Please try again.' })).toBeVisible();
});

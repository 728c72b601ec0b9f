import { expect, type Locator, type Page, test } from '@playwright/test';
import { holdRequests, storedSession, uniqueEmail, watchRedirectDelay } from '../support/e2e-utils';

/** Whether `text` is ever in the page from now on (the page keeps the answer through its own navigations). */
async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((text) => {
    const mark = { seen: false };
    (window as unknown as { __e2eText: typeof mark }).__e2eText = mark;
    new MutationObserver(() => {
      if (document.body.textContent?.includes(text)) mark.seen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { __e2eText: { seen: boolean } }).__e2eText.seen);
}

/** Not one of the common passwords the server refuses. */
const PASSWORD = 'Cedar-route-42';

type Choice = Parameters<Locator['selectOption']>[0];
interface SignUpFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
  gender?: Choice;
  country?: Choice;
  password?: string;
  retypePassword?: string;
}

/** Fills the given fields of the sign-up form, in the form's order (the others are left as they are). */
async function fillSignUp(page: Page, fields: SignUpFields) {
  if (fields.firstName !== undefined) await page.getByLabel('First Name').fill(fields.firstName);
  if (fields.lastName !== undefined) await page.getByLabel('Last Name').fill(fields.lastName);
  if (fields.email !== undefined) await page.getByLabel('Email').fill(fields.email);
  if (fields.mobile !== undefined) await page.getByLabel('Mobile Number').fill(fields.mobile);
  if (fields.gender !== undefined) await page.getByLabel('Gender').selectOption(fields.gender);
  if (fields.country !== undefined) await page.getByLabel('Country').selectOption(fields.country);
  if (fields.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(fields.password);
  if (fields.retypePassword !== undefined) await page.getByLabel('Confirm Password', { exact: true }).fill(fields.retypePassword);
}

test.describe('sign up', () => {
  test('a new customer signs up, is sent to /signin after 2 s and arrives on the dashboard signed in', async ({ page }) => {
    const email = uniqueEmail('signup');
    const firstName = 'Nadia';
    const lastName = 'Newcomer';

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // A common password is refused by the server, and its message shows on the field.
    await fillSignUp(page, {
      firstName,
      lastName,
      email,
      // A local number, read in the country chosen below and stored in E.164.
      mobile: '079 123 4567',
      gender: { label: 'Female' },
      country: { label: 'Jordan' },
      password: 'password1',
      retypePassword: 'password1',
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('This password is too common and easy to guess. Please choose another one.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);

    await fillSignUp(page, { password: PASSWORD, retypePassword: PASSWORD });

    // Both password fields have a show/hide toggle.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('type', 'text');

    // Hold the request to see the busy label.
    const release = await holdRequests(page, '**/api/sso/signup');
    const redirectDelay = await watchRedirectDelay(page, 'Registration successful! Redirecting to sign in...', '/signin');
    const signInFormSeen = await watchForText(page, 'Sign in to your account');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    release();

    await expect(page.getByText('Registration successful! Redirecting to sign in...')).toBeVisible();
    const waited = await redirectDelay();
    expect(waited, `redirected after ${waited} ms`).toBeGreaterThanOrEqual(1_700);
    expect(waited, `redirected after ${waited} ms`).toBeLessThan(3_500);

    // Signed in by the sign-up (decision 092): /signin takes the customer straight on, its form never drawn, and no
    // sign-in toast, since nobody signed in through the form.
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await signInFormSeen(), 'the sign-in form was drawn').toBe(false);
    await expect(page.getByText('Sign in successful! Redirecting...')).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${firstName} ${lastName}`);
    const info = page.getByRole('region', { name: 'Your Information' });
    await expect(info.getByText(email)).toBeVisible();
    await expect(info.getByText('+962791234567')).toBeVisible();
    await expect(info.getByText('Jordan', { exact: true })).toBeVisible();
    const lockerNumber = info.getByText(/^HB\d+$/);
    await expect(lockerNumber).toBeVisible();
    const locker = (await lockerNumber.textContent()) ?? '';

    const session = await storedSession(page);
    expect(session.user_userName).toBe(`${firstName} ${lastName}`);
    expect(session.user_userEmail).toBe(email);
    expect(session.user_userRole).toBe('user');
    expect(JSON.parse(session.user_user ?? '{}')).toMatchObject({ lockerNumber: locker, gender: 'female', country: 'Jordan' });
  });

  test('on a phone, the answer to the form is scrolled into view above it: a failure, then the success', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    let refused = false;
    await page.route('**/api/sso/signup', (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 503,
        json: { success: false, error: 'Service Unavailable', message: 'Registration failed', code: 'SERVICE_UNAVAILABLE' },
      });
    });
    await page.goto('/signup');
    await fillSignUp(page, {
      firstName: 'Pia',
      lastName: 'Phone',
      email: uniqueEmail('phone-view'),
      mobile: '079 123 4567',
      gender: 'female',
      country: 'Jordan',
      password: PASSWORD,
      retypePassword: PASSWORD,
    });
    // The form is longer than the screen: its button is far below the place the answer stands.
    const button = page.getByRole('button', { name: 'Sign Up' });
    await button.scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Create your account' })).not.toBeInViewport();
    await button.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toBeInViewport();

    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful! Redirecting to sign in...' })).toBeInViewport();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an empty submit shows every field rule, and wrong values their own messages', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/sso/signup', (route) => {
      calls++;
      return route.continue();
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Mobile number is required',
      'Gender is required',
      'Country is required',
      'Password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

    // An error clears as soon as its field is edited.
    await page.getByLabel('First Name').fill('N');
    await expect(page.getByText('First name is required')).toHaveCount(0);

    await fillSignUp(page, { email: 'not-an-email', mobile: '050 ABC 4567', password: 'abc', retypePassword: 'abcd' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Email is invalid', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid mobile number', { exact: true })).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();

    // Once the other fields are right, the mismatch is reported.
    await fillSignUp(page, {
      lastName: 'Newcomer',
      email: uniqueEmail('never'),
      mobile: '+971 50 123 4567',
      gender: 'other',
      country: 'Jordan',
      password: 'secret123',
      retypePassword: 'secret124',
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

    expect(calls, 'nothing was sent to the server').toBe(0);
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a number that is none of the chosen country's shows the server's message under Mobile Number", async ({ page }) => {
    const email = uniqueEmail('phone');
    await page.goto('/signup');
    await expect(page.getByLabel('Mobile Number')).toHaveAccessibleDescription('A local number is read in the country you choose');
    await fillSignUp(page, {
      firstName: 'Omar',
      lastName: 'Local',
      email,
      mobile: '050 123 4567',
      gender: 'male',
      country: 'Jordan',
      password: PASSWORD,
      retypePassword: PASSWORD,
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const mobile = page.getByLabel('Mobile Number');
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription('Please enter a valid mobile number');
    await expect(mobile).toBeFocused();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Registration successful! Redirecting to sign in...')).toHaveCount(0);
  });

  test('the sign-in form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('nobody');
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is invalid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});

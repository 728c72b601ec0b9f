import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { DEMO, expectToastAndClose, openSignedIn } from '../support/e2e-utils';

/** The second browser: a Windows laptop with Firefox, so its session is told apart from this one. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('the demo customer signed in twice sees both sessions on Profile, signs out the other, and that browser is sent to sign in', async ({
  browser,
  baseURL,
}) => {
  const laptop = await browser.newContext({ baseURL, userAgent: FIREFOX_ON_WINDOWS });
  const other = await laptop.newPage();
  await openSignedIn(other, DEMO.email, DEMO.password, '/dashboard');
  await expect(other.getByRole('heading', { name: 'Welcome, Dana Demo', level: 1 })).toBeVisible();

  const here = await browser.newContext({ baseURL });
  const page = await here.newPage();
  await openSignedIn(page, DEMO.email, DEMO.password, '/profile');

  const card = page.getByRole('region', { name: "Where you're signed in" });
  const rows = card.getByRole('listitem');
  const thisDevice = rows.filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByText('Active now')).toBeVisible();
  await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  // Other journeys may have left the demo customer signed in elsewhere too: this browser's is the newest of them.
  const firefox = rows.filter({ hasText: 'Firefox 133 on Windows' }).first();
  await expect(firefox).toContainText('Computer');
  const signOut = firefox.getByRole('button', { name: 'Sign out', exact: true });
  await expect(signOut).toHaveAccessibleDescription(/Firefox 133 on Windows/);
  expect(await rows.filter({ has: page.getByRole('button', { name: 'Sign out', exact: true }) }).count()).toBeGreaterThanOrEqual(1);
  await expect(card.getByRole('button', { name: 'Sign out all other sessions' })).toBeVisible();
  await expectNoAxeViolations(page, "Profile's sessions", '#sessions');

  // Escape leaves everything as it was, and the focus back on the button.
  await signOut.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
  await expect(dialog).toContainText('Firefox 133 on Windows is signed out at once');
  await expectNoAxeViolations(page, 'the sign-out confirmation', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signOut).toBeFocused();

  await signOut.click();
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expectToastAndClose(page, 'That session is signed out');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: 'Firefox 133 on Windows' })).toHaveCount(0);
  await expect(thisDevice).toHaveCount(1);

  // The other browser's next page finds its session ended and is sent to sign in.
  await other.goto('/shipments-progress');
  await expect(other).toHaveURL(/\/signin/);
  await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await laptop.close();
  await here.close();
});

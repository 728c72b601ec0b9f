import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiSignIn, createAccount, openSignedIn, outbox, STAFF, staffReceivePackage } from '../support/e2e-utils';

test('a customer switches off package-received mails on Profile, and a received package sends none', async ({ page, request }) => {
  const account = await createAccount(request);
  await openSignedIn(page, account.email, account.password, '/profile');

  const packageMails = page.getByRole('switch', { name: 'Email me when: A package arrived in my locker' });
  await expect(packageMails).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Password and payment emails are always sent.')).toBeVisible();
  await packageMails.click();
  await expect(packageMails).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Email preferences saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me when: A package arrived in my locker' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'Email me when: Photos I asked for are ready' })).toHaveAttribute('aria-checked', 'true');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const staff = await apiSignIn(request, STAFF);
  await staffReceivePackage(request, staff.headers, account.lockerNumber, {
    shipper: 'Zara',
    packageContent: 'Scarf',
    origin: 'United States of America',
    packageWeight: 0.4,
  });
  // The mail worker runs within a couple of seconds; nothing may arrive for this customer.
  await page.waitForTimeout(3000);
  expect(outbox().filter((m) => m.includes(`To: ${account.email}`) && m.includes('A package arrived'))).toEqual([]);
});

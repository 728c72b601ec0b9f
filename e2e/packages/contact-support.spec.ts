import { supportMessages } from '@hopbox/contracts/support';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, parcel, STAFF, staffReceivePackage, waitForMail } from '../support/e2e-utils';

/** A one-pixel PNG: an image the API accepts as a photo. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Issue "Nothing lost between the customer and the shelf" (decision 058): from a package's details the customer
 * writes to support with a photo; staff find it first in the queue with the package's shelf beside it and answer;
 * the customer is mailed and reads the answer in the conversation.
 */
test('a customer asks support about a package from its details and reads the staff answer', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const customer = await createAccount(request);
  const staff = await apiSignIn(request, STAFF);
  const pkg = await staffReceivePackage(request, staff.headers, customer.lockerNumber, parcel('Ceramic vase', { location: 'B-04-02' }));

  await openSignedIn(page, customer.email, customer.password, '/received-packages');
  await page.getByRole('button', { name: `View details of ${pkg.hopboxId}` }).click();
  await page.getByRole('dialog', { name: 'Package Details' }).getByRole('link', { name: 'Contact support' }).click();

  // The form knows what it is about.
  await expect(page).toHaveURL(/\/support\?about=package&ref=/);
  const form = page.getByRole('region', { name: 'New conversation' });
  await expect(form.getByLabel('About')).toHaveValue('package');
  await expect(form.getByLabel('Package ID')).toHaveValue(pkg.hopboxId);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(supportMessages.subjectRequired)).toBeVisible();
  await form.getByLabel('Subject').fill('Is the vase intact?');
  await form.getByLabel('Message').fill('The box looked dented on the photo. Could you check the vase?');
  await form.getByLabel('Attach files').setInputFiles({ name: 'dent.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('dent.png');
  await form.getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/support\/\d+$/);
  const conversationId = Number(new URL(page.url()).pathname.split('/').pop());
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('Could you check the vase?');
  await expect(thread.getByRole('button', { name: /dent\.png/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversation', exact: true }).getByText('Waiting for support')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your conversations' }).getByRole('link', { name: /Is the vase intact\?/ })).toBeVisible();
  await expectNoAxeViolations(page, '/support with a conversation');

  // Staff: the queue shows it unanswered, with the package's shelf beside it.
  const staffContext = await browser.newContext({ baseURL });
  const console = await staffContext.newPage();
  await openSignedIn(console, STAFF.email, STAFF.password, '/staff/support?view=unanswered');
  await console.getByRole('link', { name: /Is the vase intact\?/ }).click();
  await expect(console).toHaveURL(new RegExp(`/staff/support/${conversationId}`));
  const about = console.getByRole('region', { name: 'What it is about' });
  await expect(about).toContainText(`Package ${pkg.hopboxId}: Ceramic vase`);
  await expect(about).toContainText('B-04-02');
  await expectNoAxeViolations(console, '/staff/support with a conversation open');
  await console.getByLabel('Your answer').fill('We opened the box: the vase is intact, wrapped in two layers.');
  await console.getByRole('button', { name: 'Send answer' }).click();
  await expect(console.getByRole('list', { name: 'Messages' })).toContainText('the vase is intact');
  await staffContext.close();

  // The customer is mailed, and reads the answer in the conversation.
  const mail = await waitForMail(customer.email, /Re: Is the vase intact\?/);
  expect(mail).toContain(`/support/${conversationId}`);
  await page.reload();
  await expect(thread).toContainText('the vase is intact');
  await expect(page.getByRole('region', { name: 'Conversation', exact: true }).getByText('Answered')).toBeVisible();
});

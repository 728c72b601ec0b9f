import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, createAccount, openSignedIn, receivedPackageRow, runId, STAFF, staffReceivePackage } from '../support/e2e-utils';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const parcel = (content: string, overrides: Record<string, unknown> = {}) => ({
  shipper: `Declare Outfitters ${runId()}`,
  packageContent: content,
  origin: 'Germany',
  externalTrackingNumber: `DE${runId().toUpperCase()}`,
  shipmentStatus: 'Not damaged',
  quantity: 1,
  unitPrice: 40,
  totalPrice: 40,
  currency: 'EUR',
  packageWeight: 1.2,
  unitWeight: 1.2,
  packageLength: 30,
  packageBreadth: 20,
  packageHeight: 10,
  ...overrides,
});

test('a package received without a value is marked, its declaration completed from the details and from the wizard, and every row counts its free storage', async ({
  page,
  request,
}) => {
  const customer = await createAccount(request);
  const staff = await apiSignIn(request, STAFF);
  const undeclared = await staffReceivePackage(
    request,
    staff.headers,
    customer.lockerNumber,
    parcel('Gift box', { unitPrice: 0, totalPrice: 0 }),
  );
  const declared = await staffReceivePackage(request, staff.headers, customer.lockerNumber, parcel('Wool scarf'));
  const ending = await staffReceivePackage(
    request,
    staff.headers,
    customer.lockerNumber,
    parcel('Desk lamp', { receivedDate: daysAgo(40) }),
  );
  const accruing = await staffReceivePackage(
    request,
    staff.headers,
    customer.lockerNumber,
    parcel('Old boots', { receivedDate: daysAgo(50) }),
  );

  await openSignedIn(page, customer.email, customer.password, '/received-packages');
  await expect(page.getByRole('heading', { name: 'Received Packages', level: 1 })).toBeVisible();

  // The marker on the package without a value only; a countdown on every row, its tone by the days left.
  await expect(receivedPackageRow(page, undeclared.hopboxId)).toContainText(declarationMessages.needed);
  await expect(receivedPackageRow(page, declared.hopboxId)).not.toContainText(declarationMessages.needed);
  await expect(receivedPackageRow(page, declared.hopboxId)).toContainText('45 days free');
  await expect(receivedPackageRow(page, ending.hopboxId)).toContainText('5 days free left');
  await expect(receivedPackageRow(page, accruing.hopboxId)).toContainText(/Storage fee [\d.,]+ AED/);
  await expectNoAxeViolations(page, 'Received Packages with markers');

  // The wizard's step 1 names the package, offers its form, and refuses Next.
  await receivedPackageRow(page, undeclared.hopboxId).getByRole('checkbox').check();
  await receivedPackageRow(page, declared.hopboxId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'New Shipment (2)' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Shipment' });
  const alert = wizard.getByRole('alert').filter({ hasText: 'customs declaration' });
  await expect(alert).toContainText(declarationMessages.incomplete([undeclared.hopboxId]));
  await expect(alert.getByRole('button')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the wizard with an incomplete declaration', '[role="dialog"]');
  await wizard.getByRole('button', { name: 'Next' }).click();
  // The toast sits outside the open dialog, which keeps the pointer to itself: seen, not closed.
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: declarationMessages.incomplete([undeclared.hopboxId]) }),
  ).toBeVisible();
  await expect(wizard.getByRole('heading', { name: 'Package details' })).toBeVisible();

  // Its button closes the wizard and opens the package's declaration form, its first field focused.
  await alert.getByRole('button', { name: `Complete declaration for ${undeclared.hopboxId}` }).click();
  await expect(wizard).toBeHidden();
  const details = page.getByRole('dialog', { name: 'Package Details' });
  await expect(details).toContainText(undeclared.hopboxId);
  const form = details.getByRole('form', { name: 'Customs declaration' });
  await expect(form.getByLabel('Description').first()).toBeFocused();
  await expect(details.getByRole('region', { name: 'Customs declaration' })).toContainText(declarationMessages.needed);

  // Two items, one removed again; line totals and the declared total follow what is typed.
  await form.getByLabel('Description').first().fill('Scented candles');
  await form.getByLabel('HS code (optional)').first().fill('3406.00');
  await form.getByLabel('Quantity').first().fill('3');
  await form.getByLabel('Unit value (EUR)').first().fill('12.5');
  await form.getByLabel('Origin country').first().selectOption('Germany');
  await expect(form).toContainText('Line total 37.50 EUR');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByRole('group', { name: 'Item 2' })).toBeVisible();
  await form.getByLabel('Description').nth(1).fill('x');
  await form.getByLabel('Unit value (EUR)').nth(1).fill('5');
  await form.getByRole('button', { name: 'Save declaration' }).click();
  await expect(form.getByLabel('Description').nth(1)).toHaveAccessibleDescription('Description must be 3 to 200 characters');
  await expectNoAxeViolations(page, 'the declaration form with an error', '[role="dialog"]');
  await form.getByRole('button', { name: 'Remove item 2' }).click();
  await expect(form.getByRole('group', { name: 'Item 2' })).toHaveCount(0);
  await expect(form).toContainText('Declared total 37.50 EUR');
  await form.getByRole('button', { name: 'Save declaration' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: declarationMessages.saved })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Customs declaration' })).toContainText('Complete');
  // The package's value is its declaration's total.
  await expect(details.getByRole('group', { name: 'Package information' })).toContainText('37.50 EUR');

  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(receivedPackageRow(page, undeclared.hopboxId)).not.toContainText(declarationMessages.needed);

  // A link to the form: ?declare=HBX… opens the package's details at its declaration.
  await page.goto(`/received-packages?declare=${declared.hopboxId}`);
  await expect(page.getByRole('dialog', { name: 'Package Details' })).toContainText(declared.hopboxId);
  await expect(page.getByRole('form', { name: 'Customs declaration' }).getByLabel('Description').first()).toHaveValue('Wool scarf');
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, DEMO, STAFF, signIn } from '../support/e2e-utils';
import { apiCall } from './staff-utils';

const CREDIT = 60;
const MESSAGE = 'Sorry about the cracked case: 60 AED is credited to your account balance.';

interface ClaimRow {
  id: number;
  reference: string;
  type: string;
  status: string;
  customerName: string;
  description: string;
}
interface ClaimDetail extends ClaimRow {
  evidence: { packages: { hopboxId: string; location: string | null; receiptPhotos: unknown[] }[] };
}

/**
 * Issue "When it goes wrong", claims in the console (decisions 065, 067): staff open Claims, find the demo customer's
 * damaged claim on the delivered headphones, read it beside the evidence (the receipt photos, the shelf the parcel
 * sat on, the carrier's timeline) and approve a credit of part of what was claimed, with a message; the claim is
 * Approved and the customer's balance holds the credit.
 */
test('staff decide the demo claim beside its evidence: a credit of part of the amount, with a message', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = await apiSignIn(request, STAFF);
  const demo = await apiSignIn(request, DEMO);
  const open = await apiCall<{ data: ClaimRow[] }>(request, 'get', '/api/staff/claims?status=OPEN&pageSize=100', staff.headers);
  // The seeded claim, by its words: other journeys file damaged claims of the demo customer's too.
  const claim = open.data.find((c) => c.customerName === DEMO.name && c.description.startsWith('The headphones arrived'));
  if (!claim) throw new Error("the demo customer's open damaged claim is not in the queue");
  const detail = (await apiCall<{ data: ClaimDetail }>(request, 'get', `/api/staff/claims/${claim.id}`, staff.headers)).data;
  const [headphones] = detail.evidence.packages;
  if (!headphones?.location) throw new Error('the demo headphones have no location');
  const balanceBefore = (await apiCall<{ data: { balance: number } }>(request, 'get', '/api/user/wallet', demo.headers)).data.balance;

  // Staff sign in with their second factor and open Claims from the menu.
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Claims', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'To do' })).toHaveAttribute('aria-pressed', 'true');
  const row = page.getByRole('table', { name: 'Claims' }).getByRole('row').filter({ hasText: claim.reference });
  await expect(row).toContainText('Dana Demo');
  await expect(row).toContainText('Arrived damaged');
  await expect(row).toContainText('150.00 AED');
  await expect(row).toContainText('Open');
  await expectNoAxeViolations(page, 'the Claims queue');

  // The claim beside its evidence.
  await row.getByRole('button', { name: `Open ${claim.reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/claims/${claim.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(claim.reference);
  await expect(page.getByText('The headphones arrived with their charging case cracked')).toBeVisible();
  const evidence = page.getByRole('region', { name: 'Evidence' });
  await expect(evidence.getByText(headphones.location, { exact: true })).toBeVisible();
  const receipt = evidence.getByRole('list', { name: `Receipt photos of ${headphones.hopboxId}` });
  await expect(receipt.getByRole('button')).toHaveCount(headphones.receiptPhotos.length);
  await receipt.getByRole('button').first().click();
  await expect(evidence.getByRole('img', { name: new RegExp(`^Receipt photos of ${headphones.hopboxId}`) })).toBeVisible();
  const timeline = evidence.getByRole('list', { name: 'Tracking timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Delivered');
  await expect(timeline).toContainText('Picked up');

  // Approve a credit of part of the amount: only the moves an open claim allows are offered.
  const decision = page.getByRole('group', { name: 'What do you decide?' });
  await expect(decision.getByRole('radio')).toHaveCount(3);
  await decision.getByRole('radio', { name: /^Approve/ }).check();
  await page.getByRole('radio', { name: /^Credit to the account balance/ }).check();
  const amount = page.getByLabel(/^Amount/);
  await expect(amount).toHaveValue('150.00');
  await amount.fill(String(CREDIT));
  await page.getByRole('button', { name: 'Approve the claim' }).click();
  // The message is required: nothing is sent without it.
  await expect(page.getByText('Write a message for the customer')).toBeVisible();
  await page.getByLabel('Message to the customer').fill(MESSAGE);
  await expectNoAxeViolations(page, 'the claim decision page with its form filled');
  await page.getByRole('button', { name: 'Approve the claim' }).click();

  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Claim approved' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Approved');
  await expect(page.getByText('Credit to the account balance')).toBeVisible();
  await expect(page.getByText('60.00 AED')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(MESSAGE);
  await expect(page.getByText('it is decided and moves no more')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Approve/ })).toHaveCount(0);
  // axe reads the page once the toast has gone, since a toast caught fading has no contrast to measure.
  await expect(toast).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'the decided claim');

  // Back in the queue it is no longer to do; it is under Approved. The customer's balance holds the credit.
  await page.getByRole('link', { name: 'Back to the claims' }).click();
  await expect(page.getByRole('table', { name: 'Claims' }).getByRole('row').filter({ hasText: claim.reference })).toHaveCount(0);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Approved' }).click();
  await expect(page.getByRole('table', { name: 'Claims' }).getByRole('row').filter({ hasText: claim.reference })).toContainText('Approved');
  const balanceAfter = (await apiCall<{ data: { balance: number } }>(request, 'get', '/api/user/wallet', demo.headers)).data.balance;
  expect(balanceAfter).toBeCloseTo(balanceBefore + CREDIT, 2);
});

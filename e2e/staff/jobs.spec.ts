import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import { apiSignIn, openSignedIn, STAFF } from '../support/e2e-utils';
import { ADMIN } from './staff-utils';

/** Issue "Exactly once, in one place" (decision 042): the admins' page of background jobs. */
const TITLES = ['Mail', 'Tracking', 'Storage reminders', 'Payment reconciliation', 'Housekeeping'];

interface JobRow {
  name: string;
  lastFinishedAt: string | null;
}

/** The job's row on the wide table, found by its title. */
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });

test.describe('background jobs', () => {
  test('an admin opens Jobs from the menu and sees the five jobs, how often each runs and its last round', async ({ page, request }) => {
    // The journeys' server runs mail every 2 s, reconciliation and housekeeping at start-up; tracking and
    // storage reminders never (TRACKING_INTERVAL_SECONDS and STORAGE_REMINDER_INTERVAL_MINUTES are 0 there).
    const admin = await apiSignIn(request, ADMIN);
    await expect
      .poll(async () => {
        const jobs = (await (await request.get('/api/admin/jobs', { headers: admin.headers })).json()).data as JobRow[];
        return jobs.filter((j) => j.lastFinishedAt).map((j) => j.name);
      })
      .toEqual(['mail', 'reconciliation', 'housekeeping']);

    await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jobs' }).click();
    await expect(page).toHaveURL(/\/staff\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
    await expect(page).toHaveTitle(/^Jobs · /);

    const table = page.getByRole('table', { name: 'Background jobs' });
    await expect(table.getByRole('row')).toHaveCount(TITLES.length + 1);
    for (const title of TITLES) await expect(rowOf(page, title)).toBeVisible();

    const housekeeping = rowOf(page, 'Housekeeping');
    await expect(housekeeping).toContainText('Trims tables that only grow');
    await expect(housekeeping).toContainText('Succeeded');
    await expect(housekeeping).toContainText('Every hour');
    await expect(housekeeping).toContainText('and at start-up');
    // When: how long ago, the exact time on hover; which process ran it.
    const ran = housekeeping.locator('time').first();
    await expect(ran).toHaveAttribute('title', /\d{4}/);
    await expect(ran).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(housekeeping).toContainText(/by .+:\d+/);

    await expect(rowOf(page, 'Mail')).toContainText('Every 2 seconds');
    await expect(rowOf(page, 'Mail')).toContainText('Succeeded');
    await expect(rowOf(page, 'Payment reconciliation')).toContainText('Every minute');
    const tracking = rowOf(page, 'Tracking');
    await expect(tracking).toContainText('Not on a schedule');
    await expect(tracking).toContainText('Not run yet');
    await expect(tracking).toContainText('only when staff ask');
    await expect(rowOf(page, 'Storage reminders')).toContainText('Never');

    await expectNoAxeViolations(page, '/staff/jobs');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(rowOf(page, 'Housekeeping')).toContainText('Succeeded');
    await expectNoAxeViolations(page, '/staff/jobs in the dark theme');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  test("a failed round's error stands out, and the page reads as cards on a phone", async ({ page, request }) => {
    const admin = await apiSignIn(request, ADMIN);
    const real = (await (await request.get('/api/admin/jobs', { headers: admin.headers })).json()) as { data: JobRow[] };
    const failedAt = new Date(Date.now() - 90_000).toISOString();
    // The latest reconciliation round as a process meets a database that went away (nothing here can make it fail).
    const answer = {
      success: true,
      data: real.data.map((job) =>
        job.name === 'reconciliation'
          ? {
              ...job,
              lastStartedAt: failedAt,
              lastFinishedAt: failedAt,
              lastDurationMs: 5012,
              lastError: 'Connection terminated unexpectedly',
              lastErrorAt: failedAt,
              lastRoundFailed: true,
              lastSummary: null,
            }
          : job,
      ),
    };
    await page.route('**/api/admin/jobs', (route) => route.fulfill({ json: answer }));

    await openSignedIn(page, ADMIN.email, ADMIN.password, '/staff/jobs');
    const reconciliation = rowOf(page, 'Payment reconciliation');
    await expect(reconciliation).toContainText('Failed');
    await expect(reconciliation).toContainText('Connection terminated unexpectedly');
    await expect(reconciliation).toContainText('5.0 s');
    await expectNoAxeViolations(page, '/staff/jobs with a failed round');

    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole('list', { name: 'Background jobs' });
    await expect(cards).toBeVisible();
    await expect(cards.getByRole('listitem')).toHaveCount(TITLES.length);
    const card = cards.getByRole('listitem').filter({ hasText: 'Payment reconciliation' });
    await expect(card).toContainText('Connection terminated unexpectedly');
    await expect(card).toContainText('Asks the payment provider');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, '/staff/jobs at 375 px');
  });

  test("staff do not see Jobs in the menu and get 'Page not found' at its address", async ({ page }) => {
    await openSignedIn(page, STAFF.email, STAFF.password, '/staff');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dispatch' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Jobs' })).toHaveCount(0);
    await page.goto('/staff/jobs');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe-utils';
import {
  apiSignIn,
  createAccount,
  DEMO,
  holdRequests,
  openSignedIn,
  STAFF,
  staffReceivePackage,
  storedSession,
  watchPresence,
} from '../support/e2e-utils';

const STATS = ['Received Packages', 'Shipments in Progress', 'Sent Shipments', 'Photo Requests'];
const TREND_KEYS = ['receivedPackages', 'shipmentsInProgress', 'sentShipments', 'photoRequests'] as const;
/** Decision 031's words: a change in units, "N new this month", or "Same as last month". */
const TREND_WORDS = /[+−]\d+\s*vs last month|\d+ new\s*this month|Same\s*as last month/;
type Trend = { thisMonth: number; lastMonth: number };

test.describe('dashboard', () => {
  test('Your Information, the active hosts with the locker number, the copy button and the four counts', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const user = (await openSignedIn(page, DEMO.email, DEMO.password)) as unknown as { id: number; lockerNumber: string };
    expect(user.lockerNumber).toMatch(/^HB\d+$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.name}`);
    const info = page.getByRole('region', { name: 'Your Information' });
    const row = (label: string) =>
      info
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(row('Full Name')).toHaveText(DEMO.name);
    await expect(row('Email')).toHaveText(DEMO.email);
    await expect(row('Phone')).toHaveText('+971501234567');
    await expect(row('Gender')).toHaveText('Female');
    await expect(row('Country')).toHaveText('United Arab Emirates');
    await expect(row('Locker Number')).toHaveText(user.lockerNumber);
    await expect(row('User ID')).toHaveText(String(user.id));

    // The two active hosts, each with the locker number; not the inactive one.
    const hosts = info.getByRole('list', { name: 'Shipping locations' }).getByRole('listitem');
    await expect(hosts).toHaveCount(2);
    await expect(info.getByText('Hopbox New York', { exact: true })).toBeVisible();
    await expect(info.getByText('Hopbox London', { exact: true })).toBeVisible();
    await expect(page.getByText('Hopbox Shenzhen')).toHaveCount(0);
    await expect(hosts.filter({ hasText: 'Hopbox New York' })).toContainText(`145 Dock Street, Unit 4, Locker ${user.lockerNumber}`);
    await expect(hosts.filter({ hasText: 'Hopbox New York' })).toContainText('Jersey City, NJ 07302');
    await expect(hosts.filter({ hasText: 'Hopbox New York' })).toContainText('usa@hopbox.example');
    await expect(hosts.filter({ hasText: 'Hopbox New York' })).toContainText('+1 201 555 0142');
    await expect(hosts.filter({ hasText: 'Hopbox London' })).toContainText(`Locker ${user.lockerNumber}`);
    const listHeight = await info.getByRole('list', { name: 'Shipping locations' }).evaluate((el) => getComputedStyle(el).maxHeight);
    expect(listHeight).toBe('250px');

    // Copy: the check mark for about 2 s, and the address block on the clipboard.
    const copy = info.getByRole('button', { name: 'Copy Hopbox New York address' });
    await expect(copy.locator('svg.lucide-copy')).toHaveCount(1);
    const checkMark = await watchPresence(page, 'button[aria-label="Copy Hopbox New York address"] svg.lucide-check');
    await copy.click();
    await expect(copy.locator('svg.lucide-check')).toHaveCount(1);
    await expect(info.getByText('Hopbox New York address copied')).toBeAttached();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toContain('Hopbox New York');
    expect(clipboard).toContain(`145 Dock Street, Unit 4, Locker ${user.lockerNumber}`);
    expect(clipboard).toContain(`Locker Number: ${user.lockerNumber}`);
    expect(clipboard).toContain('Email: usa@hopbox.example');
    expect(clipboard).toContain('Phone: +1 201 555 0142');
    const shown = await checkMark();
    expect(shown, `check mark shown for ${shown} ms`).toBeGreaterThanOrEqual(1_900);
    expect(shown, `check mark shown for ${shown} ms`).toBeLessThan(3_000);
    await expect(copy.locator('svg.lucide-copy')).toHaveCount(1);

    // The four stat cards show the signed-in customer's counts.
    const { user_authToken: token } = await storedSession(page);
    const summary = page.getByRole('region', { name: 'Summary' });
    const cards = summary.getByRole('link');
    await expect(cards).toHaveCount(4);
    for (const [index, label] of STATS.entries()) {
      await expect(cards.nth(index)).toContainText(label);
      await expect(cards.nth(index).getByText(/^\d+$/)).toBeVisible();
    }
    const api = await page.request.get('/api/user/dashboard', { headers: { Authorization: `Bearer ${token}` } });
    const counts = (
      (await api.json()) as {
        data: {
          receivedPackages: number;
          shipmentsInProgress: number;
          sentShipments: number;
          photoRequests: number;
          hasReceivedPackage: boolean;
          trends: Record<(typeof TREND_KEYS)[number], Trend>;
        };
      }
    ).data;
    // Each card's trend comes from the customer's own months: words when either month has activity, none otherwise.
    for (const [index, key] of TREND_KEYS.entries()) {
      const { thisMonth, lastMonth } = counts.trends[key];
      if (thisMonth === 0 && lastMonth === 0) await expect(cards.nth(index)).not.toContainText(/last month|this month/);
      else await expect(cards.nth(index)).toContainText(TREND_WORDS);
      await expect(cards.nth(index)).not.toContainText('%');
    }
    // The demo locker has packages: no first-steps panel.
    expect(counts.hasReceivedPackage).toBe(true);
    await expect(page.getByRole('region', { name: 'How it works' })).toHaveCount(0);
    // The demo data has packages and photo requests; other journeys may add more while this runs, so compare with the API now.
    expect(counts.receivedPackages + counts.photoRequests).toBeGreaterThan(0);
    await expect(cards.nth(0).getByText(/^\d+$/)).toHaveText(String(counts.receivedPackages));
    await expect(cards.nth(1).getByText(/^\d+$/)).toHaveText(String(counts.shipmentsInProgress));
    await expect(cards.nth(2).getByText(/^\d+$/)).toHaveText(String(counts.sentShipments));
    await expect(cards.nth(3).getByText(/^\d+$/)).toHaveText(String(counts.photoRequests));
  });

  test('the stat cards show skeletons while loading, and zeros for a new customer', async ({ page, request }) => {
    const account = await createAccount(request, { firstName: 'Zoe', lastName: 'Zero' });
    const release = await holdRequests(page, '**/api/user/dashboard');
    await openSignedIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Zoe Zero');
    const cards = page.getByRole('region', { name: 'Summary' }).getByRole('link');
    await expect(cards).toHaveCount(4);
    await expect(cards.first().locator('.animate-pulse')).toHaveCount(1);
    await expect(cards.getByText(/^\d+$/)).toHaveCount(0);
    release();
    await expect(cards.getByText(/^0$/)).toHaveCount(4);
    await expect(page.locator('[aria-label="Summary"] .animate-pulse')).toHaveCount(0);

    const info = page.getByRole('region', { name: 'Your Information' });
    await expect(info.getByText(account.lockerNumber, { exact: true })).toBeVisible();
    await expect(info.getByRole('list', { name: 'Shipping locations' }).getByRole('listitem')).toHaveCount(2);
  });

  test('a new account sees how it works with its locker addresses and no trend; its first package ends both', async ({ page, request }) => {
    const account = await createAccount(request, { firstName: 'Nina', lastName: 'New' });
    await openSignedIn(page, account.email, account.password);
    const cards = page.getByRole('region', { name: 'Summary' }).getByRole('link');
    await expect(cards.getByText(/^0$/)).toHaveCount(4);
    // No trend at all: nothing happened this month or last.
    await expect(cards.filter({ hasText: /last month|this month|%/ })).toHaveCount(0);

    const panel = page.getByRole('region', { name: 'How it works' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText([
      'Shop with your locker address',
      'We receive and photograph it',
      'Combine and pay',
      'Track it home',
    ]);
    await expect(panel.getByText(account.lockerNumber).first()).toBeVisible();
    const addresses = panel.getByRole('list', { name: 'Shipping locations' }).getByRole('listitem');
    await expect(addresses).toHaveCount(2);
    await expect(addresses.filter({ hasText: 'Hopbox New York' })).toContainText(`Locker ${account.lockerNumber}`);
    await expectNoAxeViolations(page, 'the dashboard of a new account');

    // The first package arrives: the panel goes, and Received Packages says it is new this month.
    const staff = await apiSignIn(request, STAFF);
    await staffReceivePackage(request, staff.headers, account.lockerNumber, {
      shipper: 'First Parcel Co',
      packageContent: 'Sneakers',
      origin: 'Germany',
      shipmentStatus: 'Not damaged',
      quantity: 1,
      unitPrice: 60,
      totalPrice: 60,
      currency: 'USD',
      packageWeight: 1.1,
      unitWeight: 1.1,
      packageLength: 35,
      packageBreadth: 22,
      packageHeight: 14,
    });
    await page.reload();
    await expect(cards.first()).toContainText('1 new this month');
    await expect(cards.first().getByText(/^\d+$/)).toHaveText('1');
    await expect(cards.nth(1)).not.toContainText(/last month|this month/);
    await expect(panel).toHaveCount(0);
  });
});

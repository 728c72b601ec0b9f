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
    // The card's own rows, not the fields of the locker addresses inside it.
    const row = (label: string) =>
      info
        .locator('xpath=.//dt[not(ancestor::ul)]')
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
    const list = info.getByRole('list', { name: 'Shipping locations' });
    const hosts = list.getByRole('listitem');
    await expect(hosts).toHaveCount(2);
    await expect(list.getByRole('heading', { name: 'Hopbox New York' })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Hopbox London' })).toBeVisible();
    await expect(page.getByText('Hopbox Shenzhen')).toHaveCount(0);
    await expect(hosts.filter({ hasText: 'Hopbox London' })).toContainText(`Locker ${user.lockerNumber}`);
    await expect(hosts.filter({ hasText: 'Hopbox New York' })).toContainText('usa@hopbox.example');
    const listHeight = await list.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(listHeight).toBe('250px');

    // The New York address as a shop's checkout asks for it: the customer's name first, each field with its own copy button.
    const newYork = hosts.filter({ has: page.getByRole('heading', { name: 'Hopbox New York' }) });
    const fields: [string, string][] = [
      ['Full name', DEMO.name],
      ['Address line 1', `145 Dock Street, Locker ${user.lockerNumber}`],
      ['Address line 2', 'Unit 4'],
      ['City', 'Jersey City'],
      ['State / Region', 'NJ'],
      ['Postal code', '07302'],
      ['Country', 'United States of America'],
      ['Phone', '+1 201 555 0142'],
    ];
    await expect(newYork.getByRole('term')).toHaveText(fields.map(([label]) => label));
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    for (const [label, value] of fields) {
      await expect(newYork.getByRole('definition').nth(fields.findIndex(([l]) => l === label))).toHaveText(value);
      // The button's name holds the field's visible label (WCAG 2.5.3), and it copies exactly the value.
      await newYork.getByRole('button', { name: `Copy ${label.toLowerCase()}`, exact: true }).click();
      await expect.poll(clipboard).toBe(value);
    }

    // The whole block, in the same order, starting with the customer's name (not the warehouse's); the check mark for about 2 s.
    const copy = newYork.getByRole('button', { name: 'Copy address', exact: true });
    await expect(copy.locator('svg.lucide-copy')).toHaveCount(1);
    const checkMark = await watchPresence(page, 'button[aria-label="Address copied"] svg.lucide-check');
    await copy.click();
    await expect(newYork.getByRole('button', { name: 'Address copied' }).locator('svg.lucide-check')).toHaveCount(1);
    expect(await clipboard()).toBe(fields.map(([, value]) => value).join('\n'));
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
    const skeleton = cards.first().locator('.animate-wait-pulse');
    await expect(skeleton).toHaveCount(1);
    // A wait keeps still for its first second and pulses after (decision 089).
    const delays = await skeleton.evaluate((el) => el.getAnimations().map((a) => a.effect?.getTiming().delay));
    expect(delays).toEqual([1000]);
    await expect(cards.getByText(/^\d+$/)).toHaveCount(0);
    release();
    await expect(cards.getByText(/^0$/)).toHaveCount(4);
    await expect(page.locator('[aria-label="Summary"] .animate-wait-pulse')).toHaveCount(0);

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

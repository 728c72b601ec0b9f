import { expect, test } from '@playwright/test';
import { apiSignIn, createAccount, openSignedIn, parcel, runId, STAFF, staffReceivePackage } from '../support/e2e-utils';

/**
 * Decision 078: Photo Requests asks the server for one page at a time, with the status filter and the search of the
 * address, keeps the page shown while the next loads, and a request cancelled from its details shows so at once.
 */
test('Photo Requests pages, filters and searches on the server, and a cancellation shows at once', async ({ page, request }) => {
  const tag = runId();
  const customer = await createAccount(request);
  const staff = await apiSignIn(request, STAFF);
  const me = await apiSignIn(request, customer);
  // Twelve requests, one a package, the oldest first: the newest ten are page 1, the two oldest page 2.
  const made: { hopboxId: string; orderId: string }[] = [];
  for (let i = 1; i <= 12; i++) {
    const pkg = await staffReceivePackage(request, staff.headers, customer.lockerNumber, parcel(`Lamp ${i} ${tag}`));
    const res = await request.post(`/api/user/photo-requests/create/${pkg.id}`, { headers: me.headers });
    expect(res.status(), await res.text()).toBe(201);
    made.push({ hopboxId: pkg.hopboxId, orderId: ((await res.json()) as { photoRequest: { orderId: string } }).photoRequest.orderId });
  }
  const [oldest, second] = made;
  const newest = made[11] as (typeof made)[number];

  // What the page asked the list for, each time.
  const asked: Record<string, string>[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/user/photo-requests') asked.push(Object.fromEntries(url.searchParams));
  });
  await openSignedIn(page, customer.email, customer.password, '/photo-requests');
  const table = page.getByRole('region', { name: 'Photo requests' });
  const pager = page.getByRole('navigation', { name: 'Photo requests pages' });
  await expect(table.getByRole('row').filter({ hasText: newest.hopboxId })).toBeVisible();
  await expect(pager).toContainText('Showing 1–10 of 12');
  expect(asked.at(-1)).toEqual({ page: '1', pageSize: '10' });

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/photo-requests\?page=2$/);
  await expect(table.getByRole('row').filter({ hasText: oldest?.hopboxId })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: second?.hopboxId })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: newest.hopboxId })).toHaveCount(0);
  await expect(pager).toContainText('Showing 11–12 of 12');
  expect(asked.at(-1)).toEqual({ page: '2', pageSize: '10' });

  // The request on the page shown opens, and its cancellation shows in the table at once.
  await page.getByRole('button', { name: `View details of ${oldest?.hopboxId} photo request` }).click();
  const details = page.getByRole('dialog', { name: 'Photo Request Details' });
  await expect(details).toContainText(oldest?.orderId as string);
  await details.getByRole('button', { name: 'Cancel Request' }).click();
  await page.getByRole('dialog', { name: 'Cancel photo request?' }).getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText('Photo request cancelled')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: oldest?.hopboxId })).toContainText('Cancelled');

  // The status filter and the search are the server's: the address asks for them.
  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/status=Cancelled/);
  await expect(table.getByRole('row').filter({ hasText: oldest?.hopboxId })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: second?.hopboxId })).toHaveCount(0);
  expect(asked.at(-1)).toEqual({ page: '1', pageSize: '10', status: 'CANCELLED' });

  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Pending' }).click();
  await page.getByLabel('Search photo requests').fill(`Lamp 2 ${tag}`);
  await expect(page).toHaveURL(/q=Lamp/);
  await expect(table.getByRole('row').filter({ hasText: second?.hopboxId })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: newest.hopboxId })).toHaveCount(0);
  expect(asked.at(-1)).toEqual({ page: '1', pageSize: '10', status: 'PENDING', q: `Lamp 2 ${tag}` });
});

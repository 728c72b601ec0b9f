import { LIST_MAX_ROWS } from '@hopbox/contracts/constants';
import { describe, expect, it } from 'vitest';
import { addresses, auditLog, hosts, packages } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import { useTestApp } from '../helper.ts';

/**
 * No list answers an unbounded number of rows: a list asked without a page answers at most
 * LIST_MAX_ROWS (the newest, or the first in its order), and the received packages say their total.
 * The rows are written straight to the database: the point is their number, not how they came.
 */

const MORE = LIST_MAX_ROWS + 3;

describe('list caps', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => {
    const customer = await t.customer();
    const staff = (await t.userWithToken('staff')).headers;
    return { customer, staff };
  });

  const get = (url: string, headers: Headers = s.customer.headers) => s.t.app.inject({ method: 'GET', url, headers });

  it('received packages without a page: the newest LIST_MAX_ROWS, and the total of the locker', async () => {
    await s.t.db.insert(packages).values(
      Array.from({ length: MORE }, (_, i) => ({
        userId: s.customer.id,
        hopboxId: `HBXCAP${i}`,
        lockerNumber: s.customer.locker,
        shipper: `Shipper ${i}`,
        packageContent: 'Books',
        origin: 'Germany',
        receivedDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      })),
    );
    const res = await get('/api/user/received-packages');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { hopboxId: string }[]; total: number; page: number };
    expect(body.data).toHaveLength(LIST_MAX_ROWS);
    expect(body.total).toBe(MORE);
    expect(body.page).toBe(1);
    expect(body.data[0]?.hopboxId).toBe(`HBXCAP${MORE - 1}`);

    // The dashboard counts them all, and paging reaches every one.
    expect((await get('/api/user/dashboard')).json().data.receivedPackages).toBe(MORE);
    const last = (await get(`/api/user/received-packages?page=${Math.ceil(MORE / 100)}&pageSize=100`)).json();
    expect(last.data).toHaveLength(MORE % 100);
    expect(last.total).toBe(MORE);
  });

  it('addresses', async () => {
    await s.t.db.insert(addresses).values(
      Array.from({ length: MORE }, (_, i) => ({
        userId: s.customer.id,
        label: `A${i}`,
        address: 'Street 1',
        city: 'Dubai',
        country: 'United Arab Emirates',
      })),
    );
    expect((await get('/api/user/addresses')).json().data).toHaveLength(LIST_MAX_ROWS);
  });

  it('hosts, public and signed-in', async () => {
    await s.t.db.insert(hosts).values(
      Array.from({ length: MORE }, (_, i) => ({
        name: `Host ${i}`,
        address: 'Dock 1',
        city: 'Dubai',
        country: 'Germany',
        code: `CAP-${i}`,
      })),
    );
    for (const url of ['/api/hosts/public', '/api/hosts/public/active', '/api/hosts', '/api/hosts/active', '/api/hosts/country/Germany']) {
      expect((await get(url)).json().data, url).toHaveLength(LIST_MAX_ROWS);
    }
  });

  it('an audit trail: the newest LIST_MAX_ROWS entries, oldest first', async () => {
    await s.t.db.insert(auditLog).values(
      Array.from({ length: MORE }, (_, i) => ({
        action: `package.note_${i}`,
        entityType: 'package',
        entityId: 424242,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      })),
    );
    const trail = (await get('/api/staff/audit/package/424242', s.staff)).json().data as { action: string }[];
    expect(trail).toHaveLength(LIST_MAX_ROWS);
    expect(trail[0]?.action).toBe(`package.note_${MORE - LIST_MAX_ROWS}`);
    expect(trail.at(-1)?.action).toBe(`package.note_${MORE - 1}`);
  });
});

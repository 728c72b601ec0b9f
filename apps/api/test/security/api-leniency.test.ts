import { PAGE_SIZE_MAX } from '@hopbox/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../src/db/schema.ts';
import type { Headers, TestCustomer } from '../helper.ts';
import { buildTestApp, expectError, insertShipment, staffUpdateShipment, type TestApp } from '../helper.ts';

/**
 * Strict where it protects, lenient where a client may reasonably differ: any page size from 1 to
 * PAGE_SIZE_MAX (the pager offers 10, 20, 50 and 100; another client may want 25 or 2), and a
 * processing date given as a day as well as a date and time.
 */

const PAGE_SIZE_RULE = `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`;

describe('API leniency', () => {
  let t: TestApp;
  let customer: TestCustomer;
  let staff: Headers;

  beforeAll(async () => {
    t = await buildTestApp({ MAIL_WORKER_INTERVAL_MS: '0' });
    customer = await t.customer();
    staff = (await t.userWithToken('staff')).headers;
    await t.db.insert(packages).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: customer.id,
        hopboxId: `HBXLEN${i}`,
        lockerNumber: customer.locker,
        shipper: 'Shop',
        packageContent: 'Books',
        origin: 'Germany',
      })),
    );
  });
  afterAll(() => t.close());

  describe('pageSize: any whole number from 1 to the maximum', () => {
    it.each([
      ['/api/user/received-packages', () => customer.headers],
      ['/api/staff/packages', () => staff],
    ])('%s', async (url, headers) => {
      for (const size of [2, 25, PAGE_SIZE_MAX]) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?page=1&pageSize=${size}`, headers: headers() });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ page: 1, pageSize: size, total: 30 });
        expect(res.json().data).toHaveLength(Math.min(size, 30));
      }
      const second = (await t.app.inject({ method: 'GET', url: `${url}?page=2&pageSize=25`, headers: headers() })).json();
      expect(second.data).toHaveLength(5);
      for (const size of ['0', String(PAGE_SIZE_MAX + 1), '2.5', 'ten']) {
        expectError(
          await t.app.inject({ method: 'GET', url: `${url}?pageSize=${size}`, headers: headers() }),
          400,
          PAGE_SIZE_RULE,
          'pageSize',
        );
      }
    });
  });

  describe('processingDate: a day, or a date and time', () => {
    let shipmentId: number;
    beforeAll(async () => {
      shipmentId = await insertShipment(t, customer.id, { shipmentId: 'SHPLENIENT1', shipmentStatus: 'Finalized', paymentStatus: 'Paid' });
    });
    const update = (processingDate: unknown) => staffUpdateShipment(t, staff, shipmentId, { processingDate });

    it('takes a day as that day at midnight UTC', async () => {
      const res = await update('2026-11-23');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.processingDate).toBe('2026-11-23T00:00:00.000Z');
    });

    it('still takes a date and time with its offset, and null', async () => {
      expect((await update('2026-11-23T10:30:00+04:00')).json().data.processingDate).toBe('2026-11-23T06:30:00.000Z');
      expect((await update(null)).json().data.processingDate).toBeNull();
    });

    it.each(['23/11/2026', '2026-13-01', '2026-11-23T10:30', 'tomorrow'])('refuses %s: 400 naming the field', async (value) => {
      expectError(await update(value), 400, 'Processing date must be an ISO date, or date and time', 'processingDate');
    });
  });
});

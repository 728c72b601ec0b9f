import type { DashboardSummary } from '@hopbox/contracts/dashboard';
import type { Package } from '@hopbox/contracts/packages';
import { DAY_MS } from '@hopbox/contracts/storage';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, packages } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { sendStorageReminders } from '../../src/modules/packages/storage-reminders.ts';
import { type Headers, putInShipment, receivePackage, type TestCustomer, useTestApp } from '../helper.ts';
import { readMail } from '../notifications/mime.ts';

/**
 * Issue "Declare, insure", storage time: every locker package answers its free storage left and the fees
 * accrued at the app's clock, by its warehouse's terms; the dashboard counts those ending soon and accruing;
 * customers are mailed 7 and 2 days before free storage ends, once each.
 */
describe('storage time', () => {
  const clock = settableClock();
  const s = useTestApp(
    { MAIL_WORKER_INTERVAL_MS: '0' },
    async (t) => ({ staff: (await t.userWithToken('staff')).headers, admin: (await t.userWithToken('admin')).headers }),
    { clock },
  );

  // Each test starts at the real time; the reminder tests then move the clock along.
  beforeEach(() => clock.set(new Date()));

  const SECOND = 1000;
  const at = (base: string | Date, ms: number) => new Date(new Date(base).getTime() + ms);

  async function storageOf(c: TestCustomer, hopboxId: string) {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages?search=${hopboxId}`, headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    const pkg = (res.json().data as Package[]).find((p) => p.hopboxId === hopboxId);
    if (!pkg) throw new Error(`${hopboxId} not in the locker`);
    return pkg.storage;
  }

  /** A package received `daysAgo` days before the clock (staff give the earlier receivedDate). */
  const receiveAgo = (c: TestCustomer, daysAgo: number, overrides: Record<string, unknown> = {}) =>
    receivePackage(s.t, s.staff, c.locker, { receivedDate: at(clock.now(), -daysAgo * DAY_MS).toISOString(), ...overrides });

  async function addHost(headers: Headers, body: Record<string, unknown>) {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers,
      payload: { name: 'Host', address: '1 Dock Road', city: 'City', code: `H${Date.now() % 1e6}`, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  }

  describe('the storage answer on GET /api/user/received-packages', () => {
    it('counts 45 free days from receipt, then 2 AED per started day', async () => {
      const c = await s.t.customer();
      const pkg = await receivePackage(s.t, s.staff, c.locker);
      const freeUntil = at(pkg.receivedDate, 45 * DAY_MS).toISOString();

      clock.set(pkg.receivedDate);
      expect(await storageOf(c, pkg.hopboxId)).toEqual({ freeUntil, daysLeft: 45, feeAccrued: 0 });
      clock.set(at(pkg.receivedDate, 38 * DAY_MS + SECOND));
      expect(await storageOf(c, pkg.hopboxId)).toMatchObject({ daysLeft: 7, feeAccrued: 0 });
      clock.set(freeUntil);
      expect(await storageOf(c, pkg.hopboxId)).toEqual({ freeUntil, daysLeft: 0, feeAccrued: 0 });
      clock.set(at(freeUntil, SECOND));
      expect(await storageOf(c, pkg.hopboxId)).toEqual({ freeUntil, daysLeft: 0, feeAccrued: 2 });
      clock.set(at(freeUntil, 3 * DAY_MS + SECOND));
      expect(await storageOf(c, pkg.hopboxId)).toEqual({ freeUntil, daysLeft: 0, feeAccrued: 8 });
    });

    it('counts from the earlier receivedDate staff gave', async () => {
      const c = await s.t.customer();
      const pkg = await receiveAgo(c, 40);
      expect(pkg.receivedDate).toBe(at(clock.now(), -40 * DAY_MS).toISOString());
      expect(await storageOf(c, pkg.hopboxId)).toMatchObject({ daysLeft: 5, feeAccrued: 0 });
      const late = await receiveAgo(c, 50);
      expect(await storageOf(c, late.hopboxId)).toMatchObject({ daysLeft: 0, feeAccrued: 10 });
    });

    it('follows the terms of the active host of the package origin (10 free days, 5 AED a day)', async () => {
      const c = await s.t.customer();
      const pkg = await receiveAgo(c, 12, { origin: 'Japan' });
      expect(await storageOf(c, pkg.hopboxId)).toMatchObject({ daysLeft: 33, feeAccrued: 0 });
      await addHost(s.admin, { country: 'Japan', freeStorageDays: 10, storageFeePerDay: 5 });
      expect(await storageOf(c, pkg.hopboxId)).toEqual({
        freeUntil: at(pkg.receivedDate, 10 * DAY_MS).toISOString(),
        daysLeft: 0,
        feeAccrued: 10,
      });
    });
  });

  describe('the dashboard', () => {
    it("counts the locker's packages whose free storage ends within 7 days and those accruing fees", async () => {
      const c = await s.t.customer();
      const other = await s.t.customer();
      await receiveAgo(c, 10); // 35 days left
      await receiveAgo(c, 38); // 7 days left: ending soon
      await receiveAgo(c, 44.5); // half a day left: ending soon
      await receiveAgo(c, 45); // ended this instant: accruing (no fee yet)
      await receiveAgo(c, 60); // accruing
      await receiveAgo(other, 60);
      // In a shipment, a package leaves the locker and the dashboard's count.
      const shipped = await receiveAgo(c, 60);
      await putInShipment(s.t, shipped, c.id);
      const dashboard = async (who: TestCustomer) => {
        const res = await s.t.app.inject({ method: 'GET', url: '/api/user/dashboard', headers: who.headers });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as DashboardSummary).storage;
      };
      expect(await dashboard(c)).toEqual({ endingSoon: 2, accruing: 2, withinDays: 7 });
      expect(await dashboard(other)).toEqual({ endingSoon: 0, accruing: 1, withinDays: 7 });
      clock.advance(DAY_MS);
      // The 35-day one is not yet in the window; the half-day one now accrues.
      expect(await dashboard(c)).toEqual({ endingSoon: 1, accruing: 3, withinDays: 7 });
    });
  });

  describe('reminder mails', () => {
    /** The storage reminders queued for the customer (delivered), their subjects and texts. */
    async function remindersTo(c: TestCustomer) {
      await s.t.app.deps.mailWorker.runOnce();
      const rows = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, c.id)).orderBy(outboxMessages.id);
      return rows.filter((r) => r.kind === 'storageEnding');
    }

    /** The last storage reminder written to the customer's address, decoded. */
    const lastReminder = (c: TestCustomer) => {
      const mails = s.t
        .mailsTo(c.email)
        .map(readMail)
        .filter((m) => m.subject.startsWith('Free storage'));
      const last = mails.at(-1);
      if (!last) throw new Error('no reminder mail');
      return last;
    };

    /** One reminder run at the clock's time, as the schedule makes it. */
    const run = () => sendStorageReminders(s.t.app.deps);
    /** The last reminder the package was sent: 7 or 2 days before its free storage ends, 0 for none. */
    const reminderSent = async (pkg: Package) =>
      (await s.t.db.select({ reminder: packages.storageReminder }).from(packages).where(eq(packages.id, pkg.id)))[0]?.reminder;

    it('sends the 7-day mail once, the 2-day mail once later, and none after free storage ended', async () => {
      const c = await s.t.customer();
      const pkg = await receiveAgo(c, 30); // 15 days left
      await run();
      expect(await remindersTo(c)).toHaveLength(0);

      clock.set(at(pkg.receivedDate, 38 * DAY_MS)); // exactly 7 days left
      await run();
      await run();
      const first = await remindersTo(c);
      expect(first).toHaveLength(1);
      const mail = lastReminder(c);
      expect(mail.subject).toContain(`Free storage of ${pkg.hopboxId} ends`);
      expect(mail.text).toContain(pkg.hopboxId);
      expect(mail.text).toContain('Running shoes');
      expect(mail.text).toContain('2.00 AED');
      expect(mail.text).toContain('https://portal.hopbox.test/received-packages');

      clock.set(at(pkg.receivedDate, 42 * DAY_MS + SECOND)); // under 3 days left: not yet
      await run();
      expect(await remindersTo(c)).toHaveLength(1);
      clock.set(at(pkg.receivedDate, 43 * DAY_MS)); // 2 days left
      await run();
      await run();
      expect(await remindersTo(c)).toHaveLength(2);

      clock.set(at(pkg.receivedDate, 50 * DAY_MS));
      await run();
      expect(await remindersTo(c)).toHaveLength(2);
      expect(await reminderSent(pkg)).toBe(2);
    });

    it('sends only the 2-day mail for a package first seen inside 2 days, and none once free storage ended', async () => {
      const c = await s.t.customer();
      const pkg = await receiveAgo(c, 44);
      await receiveAgo(c, 46);
      await run();
      await run();
      const mails = await remindersTo(c);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain(pkg.hopboxId);
    });

    it('lists two packages in one mail to their customer', async () => {
      const c = await s.t.customer();
      const a = await receiveAgo(c, 39, { packageContent: 'Camera lens' });
      const b = await receiveAgo(c, 40, { packageContent: 'Desk lamp' });
      await run();
      const mails = await remindersTo(c);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Free storage of 2 packages ends soon');
      const text = lastReminder(c).text;
      for (const p of [a, b]) expect(text).toContain(p.hopboxId);
      expect(text).toContain('Camera lens');
      expect(text).toContain('Desk lamp');
    });

    it('claims but does not send the reminder when the customer switched it off', async () => {
      const c = await s.t.customer();
      const put = await s.t.app.inject({
        method: 'PUT',
        url: '/api/user/profile/notifications',
        headers: c.headers,
        payload: { packageReceived: true, photosReady: true, shipmentShipped: true, shipmentDelivered: true, storageEnding: false },
      });
      expect(put.statusCode, put.body).toBe(200);
      const pkg = await receiveAgo(c, 40);
      await run();
      expect(await remindersTo(c)).toHaveLength(0);
      expect(await reminderSent(pkg)).toBe(7);
    });

    it('reminds of packages in an unpaid consolidation, not of those paid for or settled', async () => {
      const c = await s.t.customer();
      const waiting = await receiveAgo(c, 40);
      const paid = await receiveAgo(c, 40);
      const settled = await receiveAgo(c, 40);
      await putInShipment(s.t, waiting, c.id, 'Pending', { isConsolidated: true });
      await putInShipment(s.t, paid, c.id, 'Pending', { paymentStatus: 'Paid' });
      await s.t.db.update(packages).set({ storageSettledAt: clock.now(), storageFeeCharged: '0' }).where(eq(packages.id, settled.id));
      await run();
      const mails = await remindersTo(c);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain(waiting.hopboxId);
    });

    it('sends each reminder once when two runners run at once', async () => {
      const c = await s.t.customer();
      await receiveAgo(c, 39);
      await receiveAgo(c, 44);
      await Promise.all([run(), run(), run()]);
      expect(await remindersTo(c)).toHaveLength(1);
      const rows = await s.t.db
        .select({ n: packages.storageReminder })
        .from(packages)
        .where(inArray(packages.userId, [c.id]));
      expect(rows.map((r) => r.n).sort()).toEqual([2, 7]);
    });
  });
});

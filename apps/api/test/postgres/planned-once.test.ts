import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/db/prepared.ts';
import { users } from '../../src/db/schema.ts';
import { buildTestApp, receivePackage } from '../helper.ts';

/** PostgreSQL only: the embedded database has one connection and no pool to choose from. */
describe('prepared statements on PostgreSQL (decision 038)', () => {
  const built = buildTestApp();
  afterAll(async () => (await built).app.close());

  const planCacheMode = (d: Parameters<Parameters<typeof prepared>[2]>[0], name: string) =>
    d.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(users).limit(1).prepare(name);

  it('run on connections that plan each statement once; every other statement keeps plans made for its values', async () => {
    const t = await built;
    await t.createUser('user');
    const probe = prepared(t.db, 'plan_mode_probe', (d) => planCacheMode(d, 'plan_mode_probe'));
    for (let i = 0; i < 3; i++) expect((await probe.execute())[0]?.mode).toBe('force_generic_plan');
    const [unprepared] = await t.db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(users).limit(1);
    expect(unprepared?.mode).toBe('auto');
  });

  it('inside a transaction, run on that transaction', async () => {
    const t = await built;
    const mode = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      const statement = prepared(tx, 'plan_mode_probe_tx', (d) => planCacheMode(d, 'plan_mode_probe_tx'));
      return (await statement.execute())[0]?.mode;
    });
    expect(mode).toBe('force_custom_plan');
  });

  it('answer the locker page the same on every call once the plan is reused', async () => {
    const t = await built;
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.userWithToken('user');
    for (let i = 0; i < 3; i++) await receivePackage(t, staff, alice.user.lockerNumber as string);
    const pages = [];
    // PostgreSQL would switch plans after the fifth call in its default mode; twelve calls cross that line.
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/received-packages?page=2&pageSize=2', headers: alice.headers });
      expect(res.statusCode).toBe(200);
      pages.push(res.json());
    }
    for (const page of pages) expect(page).toEqual(pages[0]);
    expect(pages[0].total).toBe(3);
    expect(pages[0].data).toHaveLength(1);
  });
});

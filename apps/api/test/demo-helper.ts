import type { Config } from '../src/config.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/demo-seed.ts';
import { type Headers, silentLog, type TestApp } from './helper.ts';

/** Seeds the test app's empty database with the demo data, as `npm start` seeds an empty embedded one (`config` to vary it). */
export const seedDemo = (t: TestApp, config: Config = t.config) =>
  seedDemoData({ db: t.db, log: silentLog, storage: t.app.deps.storage, config });

/** Seeds the demo data and signs its staff member and its customer in: each one's bearer header. */
export async function seedDemoSignedIn(t: TestApp): Promise<{ staff: Headers; customer: Headers }> {
  await seedDemo(t);
  const staff = await t.signIn(DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  const customer = await t.signIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  return { staff: { authorization: `Bearer ${staff.token}` }, customer: { authorization: `Bearer ${customer.token}` } };
}

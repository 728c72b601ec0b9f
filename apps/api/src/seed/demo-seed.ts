import { countryName } from '@hopbox/contracts/countries';
import { count, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { hostLocations, users } from '../db/schema.ts';
import { createAccount } from '../modules/auth/auth-service.ts';
import { enrolKnownSecret } from '../modules/auth/mfa-service.ts';
import { seedGccDutyRules } from '../modules/duties/gcc-duty-rules.ts';
import { insertHost } from '../modules/hosts/hosts-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { seedDemoArrivals } from './demo-arrivals.ts';
import { seedDemoPackageRequests } from './demo-package-requests.ts';
import { DEMO_LOCATIONS, seedDemoPackages } from './demo-packages.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoShipments } from './demo-shipments.ts';

export interface SeededAccount {
  role: string;
  email: string;
  password: string;
  /** The demo authenticator's secret (base32), for staff and admins. */
  totpSecret?: string;
}

/**
 * The demo accounts. Staff and admins must have a second factor (decision 049): theirs are these published
 * secrets (README), which an authenticator app takes as a key typed in; the customer has none. Published, so
 * only ever on the embedded demo database, never in production.
 */
export const DEMO_ACCOUNTS = {
  customer: { role: 'user', email: 'demo@hopbox.example', password: 'demo1234', firstName: 'Dana', lastName: 'Demo' },
  staff: {
    role: 'staff',
    email: 'staff@hopbox.example',
    password: 'staff1234',
    firstName: 'Sam',
    lastName: 'Warehouse',
    totpSecret: 'HOPBOXDEMOSTAFFTOTPSECRETKEY2345',
  },
  admin: {
    role: 'admin',
    email: 'admin@hopbox.example',
    password: 'admin1234',
    firstName: 'Alex',
    lastName: 'Admin',
    totpSecret: 'HOPBOXDEMOADMINTOTPSECRETKEY2345',
  },
} as const;

const DEMO_HOSTS = [
  {
    name: 'Hopbox New York',
    address: '145 Dock Street, Unit 4',
    city: 'Jersey City',
    country: countryName('US') ?? 'United States of America',
    postalCode: 'NJ 07302',
    email: 'usa@hopbox.example',
    phone: '+1 201 555 0142',
    code: 'US-NYC',
    active: true,
    remoteAddressService: true,
  },
  {
    name: 'Hopbox London',
    address: '12 Heathrow Park, Bath Road',
    city: 'Hounslow',
    country: countryName('GB') ?? 'United Kingdom',
    postalCode: 'TW6 2AB',
    email: 'uk@hopbox.example',
    phone: '+44 20 7946 0321',
    code: 'UK-LHR',
    active: true,
    remoteAddressService: false,
  },
  {
    name: 'Hopbox Shenzhen',
    address: '88 Futian Logistics Park',
    city: 'Shenzhen',
    country: countryName('CN') ?? 'China',
    postalCode: '518000',
    email: 'china@hopbox.example',
    phone: '+86 755 5550 1888',
    code: 'CN-SZX',
    active: false,
    remoteAddressService: false,
  },
];

/**
 * Fills an empty database with demo accounts, hosts and the GCC duty rules. It never touches a database that
 * already has accounts, so a restart keeps whatever the demo user did.
 */
export async function seedDemoData(options: {
  db: Database;
  log: FastifyBaseLogger;
  storage: Storage;
  config: Config;
}): Promise<SeededAccount[] | null> {
  // The configuration already refuses SEED_DEMO in production; published secrets are refused here as well.
  if (options.config.env === 'production') throw new Error('The demo accounts and their published secrets are never seeded in production');
  const [row] = await options.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const accounts = Object.values(DEMO_ACCOUNTS);
  await options.db.transaction(async (tx) => {
    const created = [];
    for (const account of accounts) {
      const { role, email, password, firstName, lastName } = account;
      const user = await createAccount(tx, {
        role,
        email,
        password,
        firstName,
        lastName,
        phone: role === 'user' ? '+971501234567' : null,
        gender: role === 'user' ? 'female' : null,
        country: role === 'user' ? 'United Arab Emirates' : null,
      });
      if ('totpSecret' in account) await enrolKnownSecret(tx, options.config, user.id, account.totpSecret);
      created.push(user);
    }
    await seedGccDutyRules(tx);
    for (const host of DEMO_HOSTS) {
      const { id } = await insertHost(tx, host);
      await tx.insert(hostLocations).values(DEMO_LOCATIONS.map((code) => ({ hostId: id, code })));
    }
    const [customer, staff] = created;
    if (customer?.lockerNumber && staff) {
      const received = await seedDemoPackages(tx, options.storage, { id: customer.id, lockerNumber: customer.lockerNumber }, staff.id);
      await seedDemoShipments(tx, customer.id, received);
      await seedDemoPayments(tx, customer.id, staff.id);
      await seedDemoArrivals(tx, customer.id, staff.id, received);
      await seedDemoPackageRequests(tx, options.storage, { id: customer.id, lockerNumber: customer.lockerNumber }, staff.id, received);
    }
  });
  options.log.info('demo data seeded');
  return accounts.map(seededAccount);
}

const seededAccount = (a: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]): SeededAccount => ({
  role: a.role,
  email: a.email,
  password: a.password,
  totpSecret: 'totpSecret' in a ? a.totpSecret : undefined,
});

/** The demo accounts still in the database (a restart of the demo prints them again; ones changed or deleted are left out). */
export async function demoAccountsIn(db: Database): Promise<SeededAccount[]> {
  const accounts = Object.values(DEMO_ACCOUNTS);
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const present = new Set(found.map((r) => r.email));
  return accounts.filter((a) => present.has(a.email)).map(seededAccount);
}

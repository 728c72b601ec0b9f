import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Address } from '@hopbox/contracts/addresses';
import type { Role } from '@hopbox/contracts/constants';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { ERROR_CODES } from '@hopbox/contracts/errors';
import type { Package } from '@hopbox/contracts/packages';
import { normalizePhotoStatus, type PhotoRequest } from '@hopbox/contracts/photo-requests';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, embeddedHandle, newEmbeddedClient, openDatabase } from '../src/db/client.ts';
import { packages, shipments } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import { loggerOptions } from '../src/lib/logger.ts';
import { createAccount, startSession } from '../src/modules/auth/auth-service.ts';
import { hasTotpFactor } from '../src/modules/auth/mfa-repository.ts';
import { enrolKnownSecret } from '../src/modules/auth/mfa-service.ts';
import { newTotpSecret } from '../src/modules/auth/totp.ts';
import { findUserByEmail } from '../src/modules/auth/users-repository.ts';
import { jobList } from '../src/modules/jobs/job-list.ts';
import { createJobRunner } from '../src/modules/jobs/job-runner.ts';
import { recordJobRound } from '../src/modules/jobs/jobs-repository.ts';
import { createMailer, type Mailer } from '../src/providers/mail/mailer.ts';
import type { RateProvider } from '../src/providers/rates/rate-provider.ts';
import { scratchPostgresDatabase } from './scratch-database.ts';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The keys of SPEC.md's session user (section 3), sorted: what sign-in answers as `user`. */
export const SESSION_USER_FIELDS = [
  'country',
  'email',
  'firstName',
  'fullName',
  'gender',
  'id',
  'lastName',
  'lockerNumber',
  'phone',
  'role',
  'tenantId',
];

/** Request headers, such as a bearer header. */
export type Headers = Record<string, string>;

/** A customer account signed in through the API: what the tests address it by. */
export interface TestCustomer {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The customer's locker number (decision 003). */
  locker: string;
  headers: Headers;
}

let counter = 0;

/** A fresh PostgreSQL database for one test file, dropped afterwards. */
async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return scratchPostgresDatabase(base, 'hopbox_test');
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

/**
 * `new PGlite()` runs initdb, which takes seconds; loading a dump of an already migrated database takes a
 * fraction of that. The dump is made once per version of the migrations and of PGlite, and shared through
 * the temp folder by every test file and worker.
 */
async function migratedEmbeddedDump(): Promise<Blob> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  const dumpFile = path.join(tmpdir(), `hopbox-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(dumpFile)) {
    const client = newEmbeddedClient();
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${dumpFile}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, dumpFile);
    // Dumps of older migrations are of no further use.
    for (const old of readdirSync(tmpdir()).filter((f) => /^hopbox-test-pglite-[0-9a-f]{16}\.tar$/.test(f))) {
      if (path.join(tmpdir(), old) !== dumpFile) rmSync(path.join(tmpdir(), old), { force: true });
    }
  }
  return new Blob([readFileSync(dumpFile)]);
}

/** An in-memory embedded database started from the migrated dump (migrate() then finds nothing to do). */
async function openEmbeddedFromDump(): Promise<DatabaseHandle> {
  return embeddedHandle(newEmbeddedClient({ loadDataDir: await migratedEmbeddedDump() }));
}

export interface BuildTestAppOptions {
  /**
   * The mailer the app sends with, instead of the outbox one; a function receives the outbox mailer
   * (writing .eml files under DATA_DIR/outbox, read by `outbox()`) to wrap, e.g. to fail on demand.
   */
  mailer?: Mailer | ((outbox: Mailer) => Mailer);
  /** Where the app's log lines go (at level info, with the production redaction), instead of nowhere. */
  logStream?: NodeJS.WritableStream;
  /** The clock the app reckons storage days, quotes and reminders by (lib/clock's settableClock). */
  clock?: Clock;
  /** The rate provider, instead of the configured one (e.g. one whose rates a test changes). */
  rates?: RateProvider;
}

/** A logger that writes nothing, for the code under test that logs as it works. */
export const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/**
 * Builds the real app on a real, empty, migrated database (PGlite in memory, or a new PostgreSQL
 * database when TEST_DB=postgres) with mail written to a temporary outbox.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: BuildTestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-test-'));
  const postgres = process.env.TEST_DB === 'postgres' ? await freshPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://portal.hopbox.test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    // The suites price SPEC.md's one product, Express (XPS), as the default and only option; the carrier options'
    // own suite (test/pricing/carrier-options.test.ts) sells Economy beside it, as the product does (decision 070).
    SANDBOX_CARRIER_PRODUCTS: 'XPS',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const database = config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, limits: config.databaseLimits })
    : await openEmbeddedFromDump();
  await database.migrate();
  const mailer =
    typeof options.mailer === 'function'
      ? options.mailer(createMailer({ from: config.mailFrom, dataDir: config.dataDir, log: silentLog }))
      : options.mailer;
  const logger = options.logStream ? loggerOptions('info', options.logStream) : false;
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    logger,
    webDist: null,
    clock: options.clock,
    rates: options.rates,
    ...(mailer ? { mailer } : {}),
  });
  await app.ready();
  // The mail job on MAIL_WORKER_INTERVAL_MS, as server.ts runs it; the other jobs run only when a test asks.
  const jobs = createJobRunner({
    jobs: jobList(config).filter((job) => job.name === 'mail'),
    deps: app.deps,
    log: app.log,
    record: (round) => recordJobRound(database.db, round),
  });
  jobs.start();

  const outboxDir = path.join(dataDir, 'outbox');
  const helpers = {
    app,
    db: database.db,
    /** The database's NOTIFY listener, for a second app on the same database (another process). */
    listen: database.listen,
    config,
    /** Creates an account directly (as the CLI would) and returns it with its password. */
    async createUser(
      role: Role = 'user',
      overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
    ) {
      const password = overrides.password ?? 'secret123';
      const user = await createAccount(database.db, {
        role,
        email: overrides.email ?? `${role}-${Date.now()}-${counter++}@example.com`,
        password,
        firstName: overrides.firstName ?? 'Test',
        lastName: overrides.lastName ?? role,
        phone: role === 'user' ? '+971500000000' : null,
        gender: role === 'user' ? 'other' : null,
        country: role === 'user' ? 'United Arab Emirates' : null,
      });
      return { ...user, password };
    },
    /**
     * Enrols an authenticator with a known secret straight through the repository, as `user:create --totp-secret`
     * does; answers the secret and its recovery codes.
     */
    async enrolTotp(userId: number, secret = newTotpSecret()) {
      const recoveryCodes = await enrolKnownSecret(database.db, config, userId, secret);
      return { secret, recoveryCodes };
    },
    /**
     * Signs in through the API and returns the sign-in answer. Staff and admins must pass a second factor
     * (decision 049): one without a factor is given one, and the session is opened as the code step opens it
     * (verified), so suites about anything else need not type codes; the second factor's own suites call the API.
     */
    async signIn(email: string, password: string) {
      const res = await app.inject({ method: 'POST', url: '/api/sso/signin', payload: { email, password, userType: 'user' } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      type Answer = { token: string; refreshToken: string; user: { id: number; lockerNumber: string | null; role: string } };
      const answer = res.json() as Answer | { mfaRequired: true };
      if (!('mfaRequired' in answer) && answer.user.role === 'user') return answer;
      const user = await findUserByEmail(database.db, email);
      if (!user) throw new Error(`no account ${email}`);
      if (!(await hasTotpFactor(database.db, user.id))) await helpers.enrolTotp(user.id);
      return (await startSession(app.deps, user, { ip: '127.0.0.1' }, true)) as Answer;
    },
    /** A new account of the role, signed in: its user, token and bearer header. */
    async userWithToken(role: Role = 'user') {
      const user = await helpers.createUser(role);
      const session = await helpers.signIn(user.email, user.password);
      return { ...session, user, headers: { authorization: `Bearer ${session.token}` } };
    },
    /** A new customer account (names as given), signed in through the API. */
    async customer(
      overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
    ): Promise<TestCustomer> {
      const user = await helpers.createUser('user', overrides);
      const session = await helpers.signIn(user.email, user.password);
      return {
        id: user.id,
        email: user.email,
        password: user.password,
        firstName: user.firstName,
        lastName: user.lastName,
        locker: user.lockerNumber as string,
        headers: { authorization: `Bearer ${session.token}` },
      };
    },
    /** The mails written so far, oldest first, as raw MIME text. */
    outbox(): string[] {
      try {
        return readdirSync(outboxDir)
          .sort()
          .map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    /** The mails written so far to one address, oldest first. */
    mailsTo(address: string): string[] {
      const to = new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'im');
      return helpers.outbox().filter((raw) => to.test(raw));
    },
    /** Waits for the mails sent in the background after a request. */
    async waitForMail(count: number, timeoutMs = 5000): Promise<string[]> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mails = helpers.outbox();
        if (mails.length >= count) return mails;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`expected ${count} mails, found ${helpers.outbox().length}`);
    },
    async close() {
      await jobs.stop();
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return helpers;
}

/** What a suite sets up on its test app before its tests: accounts, headers, saved data. */
type SuiteSetup<T> = (t: TestApp) => Promise<T>;

/**
 * One test app for the enclosing suite: built before its tests (on the env given, with what `setup` makes on
 * it) and closed after them. The object returned is filled in before the first test runs, so tests read
 * `s.t` and setup's fields; `s.t` is set before setup runs, so setup may call the suite's helpers that use it. E.g.
 * `const s = useTestApp(async (t) => ({ staff: (await t.userWithToken('staff')).headers, me: await t.customer() }));`
 */
export function useTestApp<T extends object = object>(setup?: SuiteSetup<T>): { t: TestApp } & T;
export function useTestApp<T extends object = object>(
  env: Record<string, string>,
  setup?: SuiteSetup<T>,
  options?: BuildTestAppOptions,
): { t: TestApp } & T;
export function useTestApp<T extends object>(
  envOrSetup?: Record<string, string> | SuiteSetup<T>,
  setupAfterEnv?: SuiteSetup<T>,
  options: BuildTestAppOptions = {},
): { t: TestApp } & T {
  const [env, setup] = typeof envOrSetup === 'function' ? [{}, envOrSetup] : [envOrSetup ?? {}, setupAfterEnv];
  const suite = {} as { t: TestApp } & T;
  beforeAll(async () => {
    const t = await buildTestApp(env, options);
    Object.assign(suite, { t });
    Object.assign(suite, await setup?.(t));
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/** Decodes the quoted-printable body of a raw mail enough to read its links. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** How many answers had each status, e.g. `{ 401: 10, 429: 15 }`. */
export const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

let ipCounter = 0;
/** A client address no other request of this process used, so rate-limit counters are not shared between tests. */
export function uniqueIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let signUpCounter = 0;
/** A valid body for POST /api/sso/signup (SPEC.md section 3) with an email no other test used. */
export function signUpBody() {
  signUpCounter++;
  return {
    firstName: 'Rana',
    lastName: 'Signup',
    email: `signup.${process.pid}.${signUpCounter}.${Date.now()}@example.com`,
    password: 'Kite-river-42',
    retypePassword: 'Kite-river-42',
    gender: 'female',
    country: 'United Arab Emirates',
    phoneNumber: '+971501234567',
    userType: 'user',
  };
}

/** Signs up a new account through the API, by default from a client address of its own. */
export function signUp(t: TestApp, payload: Record<string, unknown> = signUpBody(), remoteAddress = uniqueIp()) {
  return t.app.inject({ method: 'POST', url: '/api/sso/signup', payload, remoteAddress });
}

/** POST /api/auth/refresh with a refresh token (from the client address given, if any), as it is: the answer, unchecked. */
export function refreshSession(t: TestApp, refreshToken: string, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken }, remoteAddress });
}

/** Asks for a password-reset mail (POST /api/auth/user/forgot-password) from a client address of its own, and expects 200. */
export async function forgotPassword(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/forgot-password', payload: { email }, remoteAddress: uniqueIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The customer changes its password (PUT /api/user/profile/password) from its current one, and expects 200. */
export async function changePassword(t: TestApp, customer: { headers: Headers; password: string }, newPassword: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile/password',
    headers: customer.headers,
    payload: { currentPassword: customer.password, newPassword },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Asserts the API's one error shape: `{ success: false, error, message, code }` with a known code, plus `field` when given. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, message: string, field?: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, message });
  expect(typeof body.error).toBe('string');
  expect(ERROR_CODES).toContain(body.code);
  if (field !== undefined) expect(body.field).toBe(field);
}

/** Asserts the status and exactly the error body `{ success: false, error, message, code }`, nothing more. */
export function expectExactError(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  body: { error: string; message: string; code: string },
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ success: false, ...body });
}

/** POSTs a body as raw text with its content type (JSON unless given), from a client address of its own: the answer, unchecked. */
export function postRaw(t: TestApp, url: string, payload: string, contentType = 'application/json') {
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload, remoteAddress: uniqueIp() });
}

/** A real image made by sharp: a flat colour of the given size and format. */
export function testImage(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  options: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: options.color ?? '#c0a060' },
  });
  return (format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.webp()).toBuffer();
}

export interface UploadFile {
  /** The file name the client sends. */
  name: string;
  body: Buffer;
  /** The content type the client claims; defaults to image/jpeg. */
  type?: string;
  /** The form field; defaults to `files`. */
  field?: string;
}

/** A multipart/form-data body for `inject`, encoded by the platform's FormData, with its content-type header. */
export async function multipartBody(files: UploadFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.field ?? 'files', new Blob([new Uint8Array(f.body)], { type: f.type ?? 'image/jpeg' }), f.name);
  const request = new Request('http://hopbox.test', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/**
 * Receives a package with receipt photos (POST /api/staff/packages/with-photos) as warehouse staff: the files and the
 * form fields (the package JSON among them), as it is: the answer, unchecked.
 */
export async function staffReceiveWithPhotos(t: TestApp, staffHeaders: Headers, files: UploadFile[], fields: Record<string, string>) {
  const body = await multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/staff/packages/with-photos',
    headers: { ...staffHeaders, ...body.headers },
    payload: body.payload,
  });
}

/** The customer asks for photos of one of its packages (POST /api/user/photo-requests/create/{id}), and expects the request opened. */
export async function requestPhotos(t: TestApp, headers: Headers, packageId: number): Promise<PhotoRequest> {
  const res = await t.app.inject({ method: 'POST', url: `/api/user/photo-requests/create/${packageId}`, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photoRequest;
}

/** The warehouse receives a package into the customer's locker, and the customer asks for photos of it. */
export async function newPhotoRequest(
  t: TestApp,
  staffHeaders: Headers,
  customer: { headers: Headers; locker: string },
): Promise<PhotoRequest> {
  const pkg = await receivePackage(t, staffHeaders, customer.locker);
  return requestPhotos(t, customer.headers, pkg.id);
}

/** PUT /api/staff/photo-requests/{id} as warehouse staff, as it is: the answer, unchecked. */
export function staffUpdatePhotoRequest(t: TestApp, staffHeaders: Headers, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/api/staff/photo-requests/${id}`, headers: staffHeaders, payload });
}

/** Uploads photos to a photo request as warehouse staff (one multipart request), and expects them stored (201). */
export async function staffUploadPhotos(t: TestApp, staffHeaders: Record<string, string>, id: number, files: UploadFile[]) {
  const body = await multipartBody(files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/photo-requests/${id}/attachments`,
    headers: { ...staffHeaders, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

/** Uploads one photo to a photo request as warehouse staff, and expects it stored. */
export async function staffUploadPhoto(t: TestApp, staffHeaders: Record<string, string>, id: number) {
  await staffUploadPhotos(t, staffHeaders, id, [{ name: 'ready.jpg', body: await testImage() }]);
}

/**
 * Moves a photo request as warehouse staff (PUT /api/staff/photo-requests/{id}), first meeting what the move
 * needs: one photo uploaded before COMPLETED, and notes with REJECTED when none are given.
 */
export async function staffMovePhotoRequest(
  t: TestApp,
  staffHeaders: Record<string, string>,
  id: number,
  payload: { status: string; notes?: string | null },
) {
  const to = normalizePhotoStatus(payload.status);
  if (to === 'COMPLETED') await staffUploadPhoto(t, staffHeaders, id);
  const notes = to === 'REJECTED' && !payload.notes ? { notes: 'Not possible for this package' } : {};
  return staffUpdatePhotoRequest(t, staffHeaders, id, { ...payload, ...notes });
}

/** Every file under the test app's DATA_DIR/uploads, as sorted relative paths; [] when the folder does not exist. */
export function uploadedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

/** A valid body for POST /api/staff/packages, with the given fields replaced. */
export function receiveBody(lockerNumber: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lockerNumber,
    shipper: 'Amazon US',
    packageContent: 'Running shoes',
    origin: 'United States of America',
    externalTrackingNumber: `1Z${Date.now()}${counter++}`,
    shipmentStatus: 'Not damaged',
    quantity: 2,
    unitPrice: 45.5,
    totalPrice: 91,
    currency: 'USD',
    description: 'Two pairs of running shoes',
    notes: 'Box slightly dented',
    location: 'A-01-01',
    packageWeight: 1.75,
    unitWeight: 0.85,
    packageLength: 40,
    packageBreadth: 30,
    packageHeight: 15,
    ...overrides,
  };
}

/** Receives a package through the warehouse API (staff or admin headers) and returns the stored package. */
export async function receivePackage(
  t: TestApp,
  staffHeaders: Record<string, string>,
  lockerNumber: string,
  overrides: Record<string, unknown> = {},
): Promise<Package> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/packages',
    headers: staffHeaders,
    payload: receiveBody(lockerNumber, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`receive failed: ${res.statusCode} ${res.body}`);
  // The package as its customer sees it: where it was shelved and how it was placed are the warehouse's business.
  const { location: _location, receipt: _receipt, ...pkg } = res.json().data;
  return pkg as Package;
}

/**
 * Puts a package in a new shipment row of the customer's, straight in the database as the shipments module
 * would, so it leaves the locker; `values` sets more of the shipment (a consolidation, a paid one).
 */
export async function putInShipment(
  t: TestApp,
  pkg: Package,
  userId: number,
  shipmentStatus = 'Pending',
  values: Partial<typeof shipments.$inferInsert> = {},
) {
  const shipmentId = await insertShipment(t, userId, {
    shipmentId: `SHPTEST${pkg.id}`,
    origin: pkg.origin,
    address: '1 Sheikh Zayed Road',
    totalWeight: String(pkg.packageWeight),
    shipmentStatus,
    ...values,
  });
  await t.db.update(packages).set({ shipmentId }).where(eq(packages.id, pkg.id));
}

/**
 * A shipment row of the customer's in the status given, written straight to the database, bypassing the shipments
 * module: to Dubai, 2.5 kg from the United States unless `values` says otherwise. Answers its database id.
 */
export async function insertShipment(
  t: TestApp,
  userId: number,
  values: Pick<typeof shipments.$inferInsert, 'shipmentId' | 'shipmentStatus'> & Partial<typeof shipments.$inferInsert>,
): Promise<number> {
  const [row] = await t.db
    .insert(shipments)
    .values({
      userId,
      origin: 'United States',
      address: '1 Palm Street',
      city: 'Dubai',
      country: 'United Arab Emirates',
      totalWeight: '2.5',
      ...values,
    })
    .returning({ id: shipments.id });
  return row?.id as number;
}

/** A declaration item as the customer sends it and the API answers it, origin given. */
type CompleteItem = DeclarationItem & { originCountry: string };

/** One complete customs declaration item (a pair of running shoes worth 10 USD), with the given fields replaced. */
export function declaredItem(overrides: Partial<CompleteItem> = {}): CompleteItem {
  return {
    description: 'Running shoes',
    hsCode: null,
    quantity: 1,
    unitValue: 10,
    currency: 'USD',
    originCountry: 'United States of America',
    ...overrides,
  };
}

/** A valid body for POST /api/user/addresses, with the given fields replaced. */
export function addressBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    label: 'Home',
    address: 'Villa 12, Al Wasl Road',
    city: 'Dubai',
    state: 'Dubai',
    country: 'United Arab Emirates',
    postalCode: '00000',
    phoneNumber: '+971501234567',
    ...overrides,
  };
}

/** Saves an address in the customer's book through the API and returns it. */
export async function addAddress(t: TestApp, headers: Record<string, string>, overrides: Record<string, unknown> = {}): Promise<Address> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/addresses', headers, payload: addressBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`address failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Address;
}

/**
 * The cast of most shipment suites, as a `useTestApp` setup: a staff member's headers, a customer (named as given)
 * and the customer's saved home address (addressBody's, with the fields given replaced).
 */
export async function staffAndCustomerAtHome(
  t: TestApp,
  name?: { firstName: string; lastName: string },
  address: Record<string, unknown> = {},
) {
  const staff = (await t.userWithToken('staff')).headers;
  const customer = await t.customer(name);
  return { staff, customer, home: await addAddress(t, customer.headers, address) };
}

/** PUT /api/staff/shipments/{id} as the staff member whose headers are given: the console's shipment update. */
export function staffUpdateShipment(t: TestApp, staffHeaders: Headers, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/api/staff/shipments/${id}`, headers: staffHeaders, payload });
}

/**
 * SPEC.md's shipment creation payload (POST /api/user/shipments): the packages' Hopbox IDs (or the
 * references given as they are) and the fields of a saved address; `extra` adds or replaces fields.
 */
export function shipmentBody(
  pkgs: (Pick<Package, 'hopboxId'> | string | number)[],
  address: Address,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { address: street, city, state, country, postalCode, phoneNumber: phone } = address;
  const packages = pkgs.map((p) => (typeof p === 'object' ? p.hopboxId : p));
  return { packages, address: street, city, state, country, postalCode, phone, ...extra };
}

/** The path and query of an absolute URL (the payment links carry PUBLIC_URL), for `inject`. */
/** A consolidation of the packages, created by their customer as the wizard does; answers its ids. */
export async function createConsolidation(t: TestApp, headers: Record<string, string>, pkgs: Package[], address: Address) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/shipments',
    headers,
    payload: shipmentBody(pkgs, address, { isSinglePackage: false, shipmentStatus: 'Pending' }),
  });
  if (res.statusCode !== 201) throw new Error(`consolidation failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; shipmentId: string };
}

/** A packed consolidation's box as staff record it (decision 026): 4.8 kg, 45 x 35 x 25 cm. */
export const PACKED_BOX = { packedWeight: 4.8, packedLength: 45, packedBreadth: 35, packedHeight: 25 } as const;

/** The price of a packed box from SPEC.md's price request: what its consolidation costs. */
export async function boxQuote(
  t: TestApp,
  headers: Record<string, string>,
  origin: string,
  destination: string,
  box: { packedWeight: number; packedLength: number; packedBreadth: number; packedHeight: number },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/shipments/calculate-shipping-price',
    headers,
    payload: {
      origin,
      destination,
      weight: box.packedWeight,
      length: box.packedLength,
      breadth: box.packedBreadth,
      height: box.packedHeight,
    },
  });
  if (res.statusCode !== 200) throw new Error(`price request failed: ${res.body}`);
  return res.json() as { price: number; currency: string; details: Record<string, unknown> };
}

export function pathOf(href: string): string {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/** Answers the sandbox's hosted payment page as the customer's browser would: the form posts Pay or Decline. */
export function sandboxAnswer(t: TestApp, paymentHref: string, action: 'pay' | 'decline') {
  return t.app.inject({
    method: 'POST',
    url: pathOf(paymentHref),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

/**
 * calculate-shipping-price's answer to a price asked without packages: AED, and the breakdown is the one
 * shipping line (issue "Declare, insure"); `details` as the rate provider gives them.
 */
export function priceWithoutPackages(price: number, details: Record<string, unknown>) {
  return { success: true, price, currency: 'AED', breakdown: [{ label: 'Shipping', amount: price }], details };
}

/**
 * The price of shipping these packages to the destination, asked through calculate-shipping-price
 * the way SPEC.md section 9 says the client asks it: weights, dimensions and quantities summed.
 */
export async function shippingQuote(
  t: TestApp,
  headers: Record<string, string>,
  pkgs: Pick<Package, 'origin' | 'quantity' | 'packageWeight' | 'packageLength' | 'packageBreadth' | 'packageHeight'>[],
  destination: string,
): Promise<{ price: number; currency: string; details: Record<string, unknown> }> {
  const sum = (pick: (p: (typeof pkgs)[number]) => number) => pkgs.reduce((total, p) => total + pick(p), 0);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/shipments/calculate-shipping-price',
    headers,
    payload: {
      origin: pkgs[0]?.origin,
      destination,
      weight: sum((p) => p.packageWeight),
      length: sum((p) => p.packageLength),
      breadth: sum((p) => p.packageBreadth),
      height: sum((p) => p.packageHeight),
      pieces: sum((p) => p.quantity),
    },
  });
  if (res.statusCode !== 200) throw new Error(`price failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Opens a card payment for one package as the customer does: the price from calculate-shipping-price, then
 * generate. Returns the payment's reference, the link to its hosted page and the price.
 */
export async function openSinglePayment(
  t: TestApp,
  headers: Record<string, string>,
  pkg: Package,
  address: Address,
): Promise<{ orderRef: string; _links: { payment: { href: string } }; quote: Awaited<ReturnType<typeof shippingQuote>> }> {
  // The price the wizard shows for the package itself: the cheapest of the offered carriers' options.
  const priced = await t.app.inject({
    method: 'POST',
    url: '/api/user/shipments/calculate-shipping-price',
    headers,
    payload: { packages: [pkg.hopboxId], destination: address.country },
  });
  if (priced.statusCode !== 200) throw new Error(`price failed: ${priced.statusCode} ${priced.body}`);
  const quote = priced.json() as Awaited<ReturnType<typeof shippingQuote>>;
  const generated = await t.app.inject({
    method: 'POST',
    url: '/api/user/shipment-payment/generate',
    headers,
    payload: {
      shipmentId: `TEMP_${Date.now()}`,
      amount: quote.price.toFixed(2),
      currency: quote.currency,
      packages: [pkg.hopboxId],
      addressId: address.id,
    },
  });
  if (generated.statusCode !== 200) throw new Error(`generate failed: ${generated.statusCode} ${generated.body}`);
  return { ...(generated.json() as { orderRef: string; _links: { payment: { href: string } } }), quote };
}

/**
 * Pays an opened payment on the sandbox page and checks it as the customer's return does: the check's answer (its
 * `shipmentId` for a single package). `kind` names the check: a package's payment or consolidations'.
 */
export async function payOpened(
  t: TestApp,
  headers: Record<string, string>,
  opened: { orderRef: string; _links: { payment: { href: string } } },
  kind: 'shipment' | 'consolidation' = 'shipment',
) {
  const paid = await sandboxAnswer(t, opened._links.payment.href, 'pay');
  if (paid.statusCode !== 303) throw new Error(`sandbox pay failed: ${paid.statusCode} ${paid.body}`);
  const check = await t.app.inject({
    method: 'POST',
    url: `/api/user/${kind}-payment/check`,
    headers,
    payload: { orderRef: opened.orderRef },
  });
  if (check.statusCode !== 200) throw new Error(`check failed: ${check.statusCode} ${check.body}`);
  return check.json() as { captured: number; shipmentId?: string };
}

/**
 * Pays for one package by card through the sandbox as the customer does: openSinglePayment, Pay on the hosted
 * page, then check. Returns the captured payment's reference and amount and the shipment it created.
 */
export async function paySinglePackage(
  t: TestApp,
  headers: Record<string, string>,
  pkg: Package,
  address: Address,
): Promise<{ orderRef: string; amount: number; currency: string; shipmentId: string }> {
  const { orderRef, _links, quote } = await openSinglePayment(t, headers, pkg, address);
  const paid = await sandboxAnswer(t, _links.payment.href, 'pay');
  if (paid.statusCode !== 303) throw new Error(`sandbox pay failed: ${paid.statusCode} ${paid.body}`);
  const check = await t.app.inject({ method: 'POST', url: '/api/user/shipment-payment/check', headers, payload: { orderRef } });
  const answer = check.json() as { captured: number; shipmentId?: string };
  if (check.statusCode !== 200 || answer.captured !== 1 || !answer.shipmentId)
    throw new Error(`check failed: ${check.statusCode} ${check.body}`);
  return { orderRef, amount: quote.price, currency: quote.currency, shipmentId: answer.shipmentId };
}

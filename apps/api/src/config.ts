import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { UNIDENTIFIED_DEFAULTS } from '@hopbox/contracts/arrivals';
import { SANDBOX_PRODUCTS } from '@hopbox/contracts/carrier-options';
import {
  PASSWORD_HASH_CONCURRENCY,
  PASSWORD_HASH_QUEUE_WAIT_MS,
  RATE_LIMIT_DEFAULTS,
  type RateLimitRule,
} from '@hopbox/contracts/constants';
import { hasMinorPrecision } from '@hopbox/contracts/money';
import { CARRIER_NAMES, type CarrierName } from '@hopbox/contracts/tracking';
import { z } from 'zod';
import { type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from './db/limits.ts';
import type { S3StorageConfig } from './providers/storage/s3-storage.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: unset (or false, 0) trusts no proxy; a number trusts that many hops in front of the
 * app; otherwise the proxies' addresses or CIDRs, comma-separated (or proxy-addr's names loopback,
 * linklocal, uniquelocal). Trusting every hop would let any client choose its own IP for the limits.
 */
function trustProxySetting(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return hops;
  }
  const entries = text.split(',').map((part) => part.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be a number of proxy hops (e.g. 1) or the proxies' addresses/CIDRs, comma-separated; "${bad[0]}" is neither${
      /^(true|yes|on)$/i.test(text) ? ' (trusting every proxy would let any client choose its own IP)' : ''
    }`,
  });
  return z.NEVER;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A RATE_LIMIT_* variable: `COUNT/MINUTES`, e.g. 20/60 for twenty requests per client an hour. */
function rateLimitRule(fallback: RateLimitRule) {
  return z
    .string()
    .regex(/^\s*\d{1,6}\s*\/\s*\d{1,5}\s*$/, 'must be COUNT/MINUTES, e.g. 20/60')
    .transform((v): RateLimitRule => {
      const [limit, windowMinutes] = v.split('/').map((n) => Number(n.trim()));
      return { limit: limit ?? 0, windowMinutes: windowMinutes ?? 0 };
    })
    .refine((rule) => rule.limit >= 1 && rule.windowMinutes >= 1, 'must be at least 1/1')
    .default(fallback);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const seconds = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number of seconds' }).int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const url = (what: string) => z.url({ error: `must be a full URL (${what})` });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).optional(),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_SECONDS: seconds(1, 60).default(DEFAULT_DATABASE_LIMITS.connectTimeoutMs / 1000),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(1, 3600).default(DEFAULT_DATABASE_LIMITS.statementTimeoutMs / 1000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: seconds(1, 3600).default(DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs / 1000),
  DATABASE_STARTUP_TIMEOUT_SECONDS: seconds(0, 3600).default(60),
  PUBLIC_URL: url('the address customers open, e.g. https://portal.example.com').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BRAND_NAME: z.string().trim().min(1).max(60).default('Hopbox'),
  BUSINESS_TIME_ZONE: z.string().trim().default('UTC').refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Dubai or UTC' }),
  PROVIDER_URL: url('the provider site linked from the header').default('https://www.hopbox.example'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hopbox <no-reply@hopbox.example>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@hopbox.example'),
  SEED_DEMO: booleanFlag.optional(),
  API_DOCS: booleanFlag.optional(),
  MAIL_RETENTION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(3650).default(30),
  HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(0).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional().transform(trustProxySetting),
  RATE_LIMIT_SIGNUP: rateLimitRule(RATE_LIMIT_DEFAULTS.signUp),
  RATE_LIMIT_REFRESH: rateLimitRule(RATE_LIMIT_DEFAULTS.refresh),
  RATE_LIMIT_RESET_PASSWORD: rateLimitRule(RATE_LIMIT_DEFAULTS.resetPassword),
  RATE_LIMIT_PASSWORD_CHANGE: rateLimitRule(RATE_LIMIT_DEFAULTS.passwordChange),
  RATE_LIMIT_CLAIM: rateLimitRule(RATE_LIMIT_DEFAULTS.claim),
  /** Days an unidentified parcel is kept before it is disposed of. */
  UNIDENTIFIED_HOLD_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(1)
    .max(365)
    .default(UNIDENTIFIED_DEFAULTS.holdDays),
  /** The handling fee, in AED, of a parcel received without a suite number, charged when it ships. */
  UNIDENTIFIED_HANDLING_FEE: z.coerce
    .number({ error: 'must be an amount in AED' })
    .min(0)
    .max(10_000)
    .refine(hasMinorPrecision, 'can have at most 2 decimals')
    .default(UNIDENTIFIED_DEFAULTS.handlingFee),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(64)
    .default(PASSWORD_HASH_CONCURRENCY),
  PASSWORD_HASH_QUEUE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1, 'must be at least 1')
    .max(60_000)
    .default(PASSWORD_HASH_QUEUE_WAIT_MS),
  RATE_PROVIDER: z.enum(['ratecard', 'c3x'], { error: 'must be ratecard or c3x' }).default('ratecard'),
  C3X_BASE_URL: url('the C3X Express service root').optional(),
  C3X_ACCOUNT_NO: z.string().min(1).optional(),
  C3X_USERNAME: z.string().min(1).optional(),
  C3X_PASSWORD: z.string().min(1).optional(),
  C3X_DEFAULT_STATION: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter station code such as DXB')
    .default('DXB'),
  CARRIER_PROVIDER: z.enum(CARRIER_NAMES, { error: 'must be sandbox, c3x or dhl' }).default('sandbox'),
  /** The carriers a customer chooses among (decision 070); CARRIER_PROVIDER alone when unset. */
  CARRIERS: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const names = [
        ...new Set(
          v
            .split(',')
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((n) => !(CARRIER_NAMES as readonly string[]).includes(n));
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must list carriers among ${CARRIER_NAMES.join(', ')}, separated by commas` });
        return z.NEVER;
      }
      return names as CarrierName[];
    }),
  /** The sandbox carrier's products on sale: Express (XPS) and Economy (ECO) by default. */
  SANDBOX_CARRIER_PRODUCTS: z
    .string()
    .trim()
    .max(40)
    .default(SANDBOX_PRODUCTS.join(','))
    .transform((v, ctx) => {
      const products = [
        ...new Set(
          v
            .split(',')
            .map((p) => p.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      if (products.length === 0 || products.some((p) => !(SANDBOX_PRODUCTS as readonly string[]).includes(p))) {
        ctx.addIssue({ code: 'custom', message: `must list products among ${SANDBOX_PRODUCTS.join(', ')}, separated by commas` });
        return z.NEVER;
      }
      return products;
    }),
  SANDBOX_CARRIER_IN_PRODUCTION: booleanFlag.default(false),
  /** DHL Express's MyDHL API (decision 070): its root (production by default; the test root ends in /test) and account. */
  DHL_BASE_URL: url('the MyDHL API root, e.g. https://express.api.dhl.com/mydhlapi/test').default('https://express.api.dhl.com/mydhlapi'),
  DHL_API_KEY: z.string().min(1).optional(),
  DHL_API_SECRET: z.string().min(1).optional(),
  DHL_ACCOUNT_NUMBER: z.string().min(1).optional(),
  TRACKING_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).default(900),
  /** How often the free-storage reminder mails are looked for; 0 never. */
  STORAGE_REMINDER_INTERVAL_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(0).max(1440).default(60),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'ngenius'], { error: 'must be sandbox or ngenius' }).default('sandbox'),
  SANDBOX_PAYMENTS_IN_PRODUCTION: booleanFlag.default(false),
  NGENIUS_BASE_URL: url('the N-Genius API root, e.g. https://api-gateway.sandbox.ngenius-payments.com').optional(),
  NGENIUS_API_KEY: z.string().min(1).optional(),
  NGENIUS_OUTLET_REF: z.string().min(1).optional(),
  NGENIUS_ACTION: z.enum(['PURCHASE', 'SALE'], { error: 'must be PURCHASE or SALE' }).default('PURCHASE'),
  NGENIUS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ENDPOINT: url('the S3-compatible service root, e.g. https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_REQUEST_CHECKSUM: z
    .enum(['WHEN_SUPPORTED', 'WHEN_REQUIRED'], { error: 'must be WHEN_SUPPORTED or WHEN_REQUIRED' })
    .default('WHEN_REQUIRED'),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).default(2000),
  SESSION_CACHE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(60).default(5),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).default(60),
  RECONCILE_MIN_AGE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400).default(60),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** How long PostgreSQL may keep a request waiting (decision 040). */
  databaseLimits: DatabaseLimits;
  /** How long start-up waits for PostgreSQL to answer before it gives up (0: one try). */
  databaseStartupTimeoutMs: number;
  publicUrl: string;
  jwtSecret: string;
  brandName: string;
  /** The zone a mail writes its times in, and names beside them (decision 032). */
  timeZone: string;
  providerUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The support team's inbox: told of every customer message (decision 058), and named where a customer cannot sign in. */
  supportEmail: string;
  seedDemo: boolean;
  /** Serve the OpenAPI document and its UI at /docs. */
  apiDocs: boolean;
  /** Days a sent mail keeps its body; after that only who, what and when remain. */
  mailRetentionDays: number;
  /** Minutes between housekeeping runs (pruning tables that only grow); 0 runs it only at start-up. */
  housekeepingIntervalMinutes: number;
  logLevel: string;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses and CIDRs; never `true`. */
  trustProxy: false | number | string[];
  /** Per-client request limits (429 past them). */
  rateLimits: {
    signUp: RateLimitRule;
    refresh: RateLimitRule;
    resetPassword: RateLimitRule;
    passwordChange: RateLimitRule;
    claim: RateLimitRule;
  };
  /** Parcels received without a suite number (issue "Arrivals"): how long they are kept, what handling them costs. */
  unidentified: { holdDays: number; handlingFee: number };
  /** argon2id work at once, and how long a request waits for a turn before a 503. */
  passwordHashing: { concurrency: number; queueWaitMs: number };
  rates:
    | { provider: 'ratecard' }
    | { provider: 'c3x'; baseUrl: string; accountNo: string; userName: string; password: string; defaultStation: string };
  /**
   * The accounts this deployment holds whatever provider is current, so that a shipment or payment made with a
   * provider since switched away from is still tracked, printed and settled with it (providers by name).
   */
  reachable: {
    c3x?: { baseUrl: string; accountNo: string; userName: string; password: string };
    dhl?: DhlAccount;
    ngenius?: { baseUrl: string; apiKey: string; outletRef: string; action: 'PURCHASE' | 'SALE'; webhookSecret?: string };
  };
  /**
   * The carriers a customer chooses among, each priced in its own products (CARRIERS, decision 070), and the sandbox
   * carrier's products on sale (SANDBOX_CARRIER_PRODUCTS). `listed` false: CARRIERS unset, CARRIER_PROVIDER alone is
   * offered, priced by RATE_PROVIDER as before there was a choice.
   */
  carriers: { offered: CarrierName[]; sandboxProducts: string[]; c3xStation: string; listed: boolean };
  /** Who books shipments and reports their tracking (issue "Carrier"); c3x shares the C3X_* account with rates. */
  carrier:
    | { provider: 'sandbox' }
    | { provider: 'c3x'; baseUrl: string; accountNo: string; userName: string; password: string }
    | ({ provider: 'dhl' } & DhlAccount);
  /** Seconds between tracking reads of each booked shipment; 0 reads only on demand. */
  trackingIntervalSeconds: number;
  /** Minutes between looks for free-storage reminders due (STORAGE_REMINDER_INTERVAL_MINUTES); 0 never. */
  storageReminderIntervalMinutes: number;
  payments:
    | { provider: 'sandbox' }
    | { provider: 'ngenius'; baseUrl: string; apiKey: string; outletRef: string; action: 'PURCHASE' | 'SALE'; webhookSecret?: string };
  /** Where photos live: DATA_DIR/uploads, or an S3 bucket when S3_BUCKET is set (decision 033). */
  storage: { provider: 'local' } | ({ provider: 's3' } & S3StorageConfig);
  /** Seconds a live session's user is held in memory (decision 021); 0 asks the database on every request. */
  sessionCacheSeconds: number;
  /** Seconds between reconciliation runs of pending payments; 0 turns the schedule off. */
  reconcileIntervalSeconds: number;
  /** A pending payment is reconciled once it is this old (the customer's own return usually settles it first). */
  reconcileMinAgeSeconds: number;
  /** How often the mail worker looks for due mail (it is also woken on every enqueue). */
  mailWorkerIntervalMs: number;
}

/** A DHL Express (MyDHL API) account: basic auth with the key and secret, the shipper's account number. */
export interface DhlAccount {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the configuration. A bad value throws a ConfigError naming the variable,
 * so the server stops before it starts half-configured.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const env = e.NODE_ENV ?? inferredEnvironment(e.PUBLIC_URL);
  if (env === 'production') refuseUnsafeProduction(e);
  return {
    env,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseLimits: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
    },
    databaseStartupTimeoutMs: e.DATABASE_STARTUP_TIMEOUT_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    brandName: e.BRAND_NAME,
    timeZone: e.BUSINESS_TIME_ZONE,
    providerUrl: e.PROVIDER_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && env !== 'production'),
    apiDocs: e.API_DOCS ?? env !== 'production',
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    housekeepingIntervalMinutes: e.HOUSEKEEPING_INTERVAL_MINUTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      signUp: e.RATE_LIMIT_SIGNUP,
      refresh: e.RATE_LIMIT_REFRESH,
      resetPassword: e.RATE_LIMIT_RESET_PASSWORD,
      passwordChange: e.RATE_LIMIT_PASSWORD_CHANGE,
      claim: e.RATE_LIMIT_CLAIM,
    },
    unidentified: { holdDays: e.UNIDENTIFIED_HOLD_DAYS, handlingFee: e.UNIDENTIFIED_HANDLING_FEE },
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queueWaitMs: e.PASSWORD_HASH_QUEUE_MS },
    rates: rateConfig(e),
    payments: paymentConfig(e, env),
    carrier: carrierConfig(e, env),
    carriers: offeredCarriers(e, env),
    reachable: reachableProviders(e),
    trackingIntervalSeconds: e.TRACKING_INTERVAL_SECONDS,
    storageReminderIntervalMinutes: e.STORAGE_REMINDER_INTERVAL_MINUTES,
    storage: storageConfig(e),
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    reconcileMinAgeSeconds: e.RECONCILE_MIN_AGE_SECONDS,
    mailWorkerIntervalMs: e.MAIL_WORKER_INTERVAL_MS,
  };
}

type ParsedEnv = z.output<typeof envSchema>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Without NODE_ENV, a portal published anywhere but this machine is production: a forgotten
 * variable must fail closed (secrets required, no demo data, no sandbox payments), not open.
 */
function inferredEnvironment(publicUrl: string | undefined): Config['env'] {
  if (!publicUrl) return 'development';
  const host = new URL(publicUrl).hostname;
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') ? 'development' : 'production';
}

function refuseUnsafeProduction(e: ParsedEnv) {
  const problems: string[] = [];
  if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if (e.SEED_DEMO) problems.push('SEED_DEMO: demo accounts with published passwords are never seeded in production');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

function requireAll(names: (keyof ParsedEnv)[], e: ParsedEnv, when: string) {
  const missing = names.filter((n) => !e[n]);
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${missing.map((n) => `${n}: required when ${when}`).join('\n  ')}`);
}

/** The C3X Express account, which the rates and the carrier share; all four settings are required with either. */
function c3xAccount(e: ParsedEnv, when: string) {
  requireAll(['C3X_BASE_URL', 'C3X_ACCOUNT_NO', 'C3X_USERNAME', 'C3X_PASSWORD'], e, when);
  return {
    provider: 'c3x' as const,
    baseUrl: e.C3X_BASE_URL as string,
    accountNo: e.C3X_ACCOUNT_NO as string,
    userName: e.C3X_USERNAME as string,
    password: e.C3X_PASSWORD as string,
  };
}

/** The DHL Express account; the key, the secret and the account number are all required with it. */
function dhlAccount(e: ParsedEnv, when: string): DhlAccount {
  requireAll(['DHL_API_KEY', 'DHL_API_SECRET', 'DHL_ACCOUNT_NUMBER'], e, when);
  return {
    baseUrl: e.DHL_BASE_URL,
    apiKey: e.DHL_API_KEY as string,
    apiSecret: e.DHL_API_SECRET as string,
    accountNumber: e.DHL_ACCOUNT_NUMBER as string,
  };
}

/** The C3X, DHL and N-Genius accounts whose settings are all present, current provider or not. */
function reachableProviders(e: ParsedEnv): Config['reachable'] {
  const c3x =
    e.C3X_BASE_URL && e.C3X_ACCOUNT_NO && e.C3X_USERNAME && e.C3X_PASSWORD
      ? { baseUrl: e.C3X_BASE_URL, accountNo: e.C3X_ACCOUNT_NO, userName: e.C3X_USERNAME, password: e.C3X_PASSWORD }
      : undefined;
  const ngenius =
    e.NGENIUS_BASE_URL && e.NGENIUS_API_KEY && e.NGENIUS_OUTLET_REF
      ? {
          baseUrl: e.NGENIUS_BASE_URL,
          apiKey: e.NGENIUS_API_KEY,
          outletRef: e.NGENIUS_OUTLET_REF,
          action: e.NGENIUS_ACTION,
          webhookSecret: e.NGENIUS_WEBHOOK_SECRET,
        }
      : undefined;
  const dhl = e.DHL_API_KEY && e.DHL_API_SECRET && e.DHL_ACCOUNT_NUMBER ? dhlAccount(e, 'DHL is reachable') : undefined;
  return { ...(c3x ? { c3x } : {}), ...(dhl ? { dhl } : {}), ...(ngenius ? { ngenius } : {}) };
}

function rateConfig(e: ParsedEnv): Config['rates'] {
  if (e.RATE_PROVIDER === 'ratecard') return { provider: 'ratecard' };
  return { ...c3xAccount(e, 'RATE_PROVIDER=c3x'), defaultStation: e.C3X_DEFAULT_STATION };
}

function carrierConfig(e: ParsedEnv, env: Config['env']): Config['carrier'] {
  if (e.CARRIER_PROVIDER === 'sandbox') {
    // A demo deployment that takes no real money (SANDBOX_PAYMENTS_IN_PRODUCTION) ships nothing real either.
    if (env === 'production' && !e.SANDBOX_CARRIER_IN_PRODUCTION && !e.SANDBOX_PAYMENTS_IN_PRODUCTION) {
      throw new ConfigError(
        'Invalid configuration:\n  CARRIER_PROVIDER: the sandbox carrier issues AWBs no courier knows and is refused in production; set CARRIER_PROVIDER=c3x, or SANDBOX_CARRIER_IN_PRODUCTION=true for a demo',
      );
    }
    return { provider: 'sandbox' };
  }
  if (e.CARRIER_PROVIDER === 'dhl') return { provider: 'dhl', ...dhlAccount(e, 'CARRIER_PROVIDER=dhl') };
  return c3xAccount(e, 'CARRIER_PROVIDER=c3x');
}

/**
 * CARRIERS, each with the account it needs (C3X_*, DHL_*); CARRIER_PROVIDER alone when unset. The sandbox is refused
 * in production as CARRIER_PROVIDER's is.
 */
function offeredCarriers(e: ParsedEnv, env: Config['env']): Config['carriers'] {
  const offered = e.CARRIERS ?? [e.CARRIER_PROVIDER];
  const sandboxProducts = e.SANDBOX_CARRIER_PRODUCTS;
  const c3xStation = e.C3X_DEFAULT_STATION;
  if (!e.CARRIERS) return { offered, sandboxProducts, c3xStation, listed: false };
  if (offered.includes('sandbox') && env === 'production' && !e.SANDBOX_CARRIER_IN_PRODUCTION && !e.SANDBOX_PAYMENTS_IN_PRODUCTION)
    throw new ConfigError(
      'Invalid configuration:\n  CARRIERS: the sandbox carrier issues AWBs no courier knows and is refused in production; leave it out, or set SANDBOX_CARRIER_IN_PRODUCTION=true for a demo',
    );
  if (offered.includes('c3x')) c3xAccount(e, 'CARRIERS lists c3x');
  if (offered.includes('dhl')) dhlAccount(e, 'CARRIERS lists dhl');
  return { offered, sandboxProducts, c3xStation, listed: true };
}

function paymentConfig(e: ParsedEnv, env: Config['env']): Config['payments'] {
  if (e.PAYMENT_PROVIDER === 'sandbox') {
    if (env === 'production' && !e.SANDBOX_PAYMENTS_IN_PRODUCTION) {
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes no real money and is refused in production; set PAYMENT_PROVIDER=ngenius, or SANDBOX_PAYMENTS_IN_PRODUCTION=true for a demo',
      );
    }
    return { provider: 'sandbox' };
  }
  requireAll(['NGENIUS_BASE_URL', 'NGENIUS_API_KEY', 'NGENIUS_OUTLET_REF'], e, 'PAYMENT_PROVIDER=ngenius');
  return {
    provider: 'ngenius',
    baseUrl: e.NGENIUS_BASE_URL as string,
    apiKey: e.NGENIUS_API_KEY as string,
    outletRef: e.NGENIUS_OUTLET_REF as string,
    action: e.NGENIUS_ACTION,
    webhookSecret: e.NGENIUS_WEBHOOK_SECRET,
  };
}

function storageConfig(e: ParsedEnv): Config['storage'] {
  const s3Vars = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!e.S3_BUCKET) {
    const stray = s3Vars.filter((n) => e[n]);
    if (stray.length > 0) throw new ConfigError(`Invalid configuration:\n  ${stray.map((n) => `${n}: needs S3_BUCKET`).join('\n  ')}`);
    return { provider: 'local' };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    requireAll(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], e, 'either S3 key is set');
  return {
    provider: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    requestChecksumCalculation: e.S3_REQUEST_CHECKSUM,
  };
}

/** Outside production a random signing secret is kept in DATA_DIR so sessions survive a restart. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import type { SessionActivity } from './modules/auth/session-activity.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { MailWorker } from './modules/notifications/mail-worker.ts';
import type { CarrierProvider } from './providers/carriers/carrier-provider.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { CarrierRates, RateProvider } from './providers/rates/rate-provider.ts';
import type { ProviderRegistry } from './providers/registry.ts';
import type { Storage } from './providers/storage/storage.ts';

/**
 * Everything a service or route needs from outside itself; `buildApp` decorates the instance with
 * it and tests pass their own. It lives here, not in `app.ts`, so that services never import the
 * module that imports them (decision 014).
 */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: Storage;
  rates: RateProvider;
  /** What each carrier a customer may choose (CARRIERS) charges, in each of its products (decision 070). */
  carrierRates: CarrierRates[];
  /** Card payments: `current` opens new ones (PAYMENT_PROVIDER); a payment is settled with `byName(payment.provider)`. */
  payments: ProviderRegistry<PaymentProvider>;
  /** `current` books shipments (CARRIER_PROVIDER); a booked one is printed and tracked with `byName(shipment.carrier)`. */
  carriers: ProviderRegistry<CarrierProvider>;
  mailWorker: MailWorker;
  /** argon2id with bounded concurrency (PASSWORD_HASH_*). */
  passwords: PasswordHasher;
  /** The users of live sessions, held a few seconds; told of every change to a session or its user. */
  sessions: SessionCache;
  /** When and from where each session was last used, written at most once per SESSION_SEEN_INTERVAL_MINUTES. */
  activity: SessionActivity;
  log: FastifyBaseLogger;
  /** The time storage, quotes and reminders are reckoned at: the system clock, or the one a test sets. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

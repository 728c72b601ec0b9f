import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createC3xCarrier } from './carriers/c3x-carrier.ts';
import type { CarrierProvider } from './carriers/carrier-provider.ts';
import { createSandboxCarrier } from './carriers/sandbox-carrier.ts';
import { createNgeniusProvider } from './payments/ngenius-provider.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxProvider } from './payments/sandbox-provider.ts';
import { createC3xProvider } from './rates/c3x-provider.ts';
import { createRateCardProvider } from './rates/rate-card-provider.ts';
import type { RateProvider } from './rates/rate-provider.ts';

/** The configured shipping-price provider (RATE_PROVIDER). */
export function createRateProvider(config: Config): RateProvider {
  return config.rates.provider === 'c3x' ? createC3xProvider(config.rates) : createRateCardProvider();
}

/** The configured card-payment provider (PAYMENT_PROVIDER). */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  return config.payments.provider === 'ngenius' ? createNgeniusProvider(config.payments) : createSandboxProvider(db, config.publicUrl);
}

/** The configured carrier that books shipments and tracks them (CARRIER_PROVIDER). */
export function createCarrierProvider(config: Config, db: Database): CarrierProvider {
  return config.carrier.provider === 'c3x' ? createC3xCarrier(config.carrier) : createSandboxCarrier(db);
}

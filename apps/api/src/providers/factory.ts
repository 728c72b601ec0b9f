import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
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

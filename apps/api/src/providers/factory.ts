import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createC3xCarrier } from './carriers/c3x-carrier.ts';
import type { CarrierProvider } from './carriers/carrier-provider.ts';
import { createDhlCarrier } from './carriers/dhl-carrier.ts';
import { createSandboxCarrier } from './carriers/sandbox-carrier.ts';
import { createNgeniusProvider } from './payments/ngenius-provider.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxProvider } from './payments/sandbox-provider.ts';
import { createC3xProvider } from './rates/c3x-provider.ts';
import { createC3xRates, createSandboxRates } from './rates/carrier-rates.ts';
import { createDhlRates } from './rates/dhl-rates.ts';
import { createRateCardProvider } from './rates/rate-card-provider.ts';
import type { CarrierRates, RateProvider } from './rates/rate-provider.ts';
import { type ProviderRegistry, providerRegistry } from './registry.ts';

/** The configured shipping-price provider (RATE_PROVIDER). */
export function createRateProvider(config: Config): RateProvider {
  return config.rates.provider === 'c3x' ? createC3xProvider(config.rates) : createRateCardProvider();
}

/**
 * What each offered carrier (CARRIERS) charges, in its products (decision 070). The sandbox is priced by the
 * configured rate provider (the rate card by default); C3X by its RateFinder, shared with RATE_PROVIDER=c3x; DHL by
 * the MyDHL rates service.
 */
export function createCarrierRates(config: Config, rates: RateProvider): CarrierRates[] {
  return config.carriers.offered.map((name): CarrierRates => {
    if (name === 'sandbox') return createSandboxRates(rates, config.carriers.sandboxProducts);
    if (name === 'c3x') {
      // CARRIER_PROVIDER=c3x alone keeps its old meaning: booked with C3X, priced by RATE_PROVIDER.
      if (!config.carriers.listed || rates.name === 'c3x') return createC3xRates(rates);
      const account = config.reachable.c3x as NonNullable<Config['reachable']['c3x']>;
      return createC3xRates(createC3xProvider({ ...account, defaultStation: config.carriers.c3xStation }));
    }
    return createDhlRates(config.reachable.dhl as NonNullable<Config['reachable']['dhl']>);
  });
}

/** The configured card-payment provider (PAYMENT_PROVIDER). */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  return config.payments.provider === 'ngenius' ? createNgeniusProvider(config.payments) : createSandboxProvider(db, config.publicUrl);
}

/** The configured carrier that books shipments and tracks them (CARRIER_PROVIDER). */
export function createCarrierProvider(config: Config, db: Database): CarrierProvider {
  if (config.carrier.provider === 'dhl') return createDhlCarrier(config.carrier);
  return config.carrier.provider === 'c3x' ? createC3xCarrier(config.carrier) : createSandboxCarrier(db);
}

/** Every carrier a shipment may have been booked with: the current one, and any other this deployment has an account for. */
export function carrierRegistry(config: Config, db: Database, current: CarrierProvider): ProviderRegistry<CarrierProvider> {
  return providerRegistry(
    current,
    {
      sandbox: () => createSandboxCarrier(db),
      c3x: () => (config.reachable.c3x ? createC3xCarrier(config.reachable.c3x) : undefined),
      dhl: () => (config.reachable.dhl ? createDhlCarrier(config.reachable.dhl) : undefined),
    },
    (name) =>
      new AppError(
        503,
        `This shipment was booked with the carrier "${name}", which is not configured here (for C3X Express: the C3X_* settings; for DHL Express: the DHL_* settings).`,
        undefined,
        undefined,
        undefined,
        'CARRIER_UNAVAILABLE',
      ),
  );
}

/** Every payment provider a payment may have been opened with: the current one, and any other this deployment has an account for. */
export function paymentRegistry(config: Config, db: Database, current: PaymentProvider): ProviderRegistry<PaymentProvider> {
  return providerRegistry(
    current,
    {
      sandbox: () => createSandboxProvider(db, config.publicUrl),
      ngenius: () => (config.reachable.ngenius ? createNgeniusProvider(config.reachable.ngenius) : undefined),
    },
    (name) =>
      new AppError(
        503,
        `This payment was made with the provider "${name}", which is not configured here (for N-Genius: the NGENIUS_* settings).`,
        undefined,
        undefined,
        undefined,
        'UPSTREAM_FAILED',
      ),
  );
}

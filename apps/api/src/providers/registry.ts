import type { AppError } from '../lib/errors.ts';

/**
 * The providers of one kind this deployment can reach, by name (issue "Exactly once, in one place", providers by
 * name). `current` opens new bookings or payments (CARRIER_PROVIDER, PAYMENT_PROVIDER); every later call about a
 * shipment or payment (label, tracking, settlement) goes to `byName(the name stored on it)`, so switching the
 * current provider never sends an old record to the new one. A second provider is one adapter and one line here.
 */
export interface ProviderRegistry<P extends { readonly name: string }> {
  readonly current: P;
  byName(name: string): P;
}

/**
 * `current`, and the others built on first use from `makers` (a maker answers undefined when this deployment
 * has no account for it). A name nobody can serve is a 503 naming what is missing, never a call to the wrong one.
 */
export function providerRegistry<P extends { readonly name: string }>(
  current: P,
  makers: Record<string, () => P | undefined>,
  unavailable: (name: string) => AppError,
): ProviderRegistry<P> {
  const built = new Map<string, P>([[current.name, current]]);
  return {
    current,
    byName(name) {
      let provider = built.get(name);
      if (!provider) {
        provider = makers[name]?.();
        if (!provider) throw unavailable(name);
        built.set(name, provider);
      }
      return provider;
    },
  };
}

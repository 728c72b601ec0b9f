import { createHash } from 'node:crypto';
import { countryCode } from '@hopbox/contracts/countries';
import { priceBreakdown } from '@hopbox/contracts/price-breakdown';
import type { PriceRequest } from '@hopbox/contracts/pricing';
import { priceDetailsSchema } from '@hopbox/contracts/pricing';
import { feeDaysAt } from '@hopbox/contracts/storage';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { Quote } from '../../providers/rates/rate-provider.ts';
import { roundMoney } from '../../providers/rates/rate-provider.ts';
import { storageTermColumns } from '../packages/packages-repository.ts';
import { insuranceFor } from './declared-value.ts';
import { heldQuote, holdExpiry, holdQuote } from './held-quotes-repository.ts';

/**
 * Everything a shipment's price is made of, as shown to the customer and held for QUOTE_HOLD_MINUTES
 * (issue "Declare, insure", decision 037): the carrier's quote, the storage fees of each package at that
 * moment and the insurance on offer for the declared value.
 */
const heldPriceSchema = z.object({
  shipping: z.number(),
  storageFee: z.number(),
  storageDays: z.number(),
  storagePackages: z.number(),
  insurance: z.object({ premium: z.number(), cover: z.number() }).nullable(),
  currency: z.string(),
  details: priceDetailsSchema,
  request: z.record(z.string(), z.unknown()),
  /** Each package's storage fee (by package id) as priced: what it is settled at once paid. */
  storageByPackage: z.record(z.string(), z.number()),
});
export type HeldPrice = z.infer<typeof heldPriceSchema> & { request: PriceRequest };

/** What a payment keeps of its price and what it charges for it. */
export function chargeOf(held: HeldPrice, insured: boolean) {
  const { lines, total } = priceBreakdown(held, insured);
  const insurance = insured && held.insurance && held.insurance.premium > 0 ? held.insurance : null;
  return {
    breakdown: lines,
    amount: total,
    shipping: held.shipping,
    insured: insurance !== null,
    insuredValue: insurance?.cover ?? null,
    insurancePremium: insurance?.premium ?? null,
    storageFee: held.storageFee,
    storageByPackage: held.storageByPackage,
  };
}
export type Charge = ReturnType<typeof chargeOf>;

interface PackageValue {
  id: number;
  totalPrice: string | number;
  currency: string;
}

/** The storage fee of each package at `now` by its warehouse's terms; a settled package accrues nothing more. */
export async function storageCharges(db: Executor, packageIds: readonly number[], now: Date) {
  if (packageIds.length === 0) return { fee: 0, days: 0, packages: 0, byPackage: {} as Record<string, number> };
  const rows = await db
    .select({ id: packages.id, receivedDate: packages.receivedDate, settledAt: packages.storageSettledAt, ...storageTermColumns })
    .from(packages)
    .where(inArray(packages.id, [...packageIds]));
  const byPackage: Record<string, number> = {};
  let days = 0;
  let charged = 0;
  for (const r of rows) {
    if (r.settledAt) continue;
    const feeDays = feeDaysAt(r.receivedDate, { freeDays: r.freeDays, feePerDay: r.feePerDay }, now);
    if (feeDays === 0) continue;
    byPackage[r.id] = roundMoney(feeDays * r.feePerDay);
    days += feeDays;
    charged++;
  }
  return { fee: roundMoney(Object.values(byPackage).reduce((a, b) => a + b, 0)), days, packages: charged, byPackage };
}

/** The parts of a price from the carrier's quote, the packages' storage and their declared values. */
export async function pricedParts(
  deps: AppDeps,
  quote: Quote & { request: PriceRequest },
  pkgs: readonly PackageValue[],
): Promise<HeldPrice> {
  const storage = await storageCharges(
    deps.db,
    pkgs.map((p) => p.id),
    deps.clock.now(),
  );
  const offer = insuranceFor(pkgs.map((p) => ({ amount: Number(p.totalPrice), currency: p.currency })));
  return {
    shipping: quote.price,
    storageFee: storage.fee,
    storageDays: storage.days,
    storagePackages: storage.packages,
    insurance: offer.premium > 0 ? offer : null,
    currency: quote.currency,
    details: quote.details,
    request: quote.request,
    storageByPackage: storage.byPackage,
  };
}

const destinationKey = (country: string) => countryCode(country) ?? country.trim().toUpperCase();
/** What a price was made from besides the rates: a change to any of it (a re-weighed box, a new declared value) is a new price. */
const fingerprint = (inputs: unknown) => createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 22);

interface PackageInputs {
  id: number;
  packageWeight: string | number;
  packageLength: string | number;
  packageBreadth: string | number;
  packageHeight: string | number;
  totalPrice: string | number;
  currency: string;
}
const inputsOf = (pkgs: readonly PackageInputs[]) =>
  [...pkgs]
    .sort((a, b) => a.id - b.id)
    .map((p) => [p.id, p.packageWeight, p.packageLength, p.packageBreadth, p.packageHeight, p.totalPrice, p.currency].map(String));

export const packagesQuoteKey = (pkgs: readonly PackageInputs[], destinationCountry: string) =>
  `packages:${destinationKey(destinationCountry)}:${fingerprint(inputsOf(pkgs))}`;
export const consolidationQuoteKey = (shipmentId: number, box: unknown, pkgs: readonly PackageInputs[]) =>
  `consolidation:${shipmentId}:${fingerprint([box, inputsOf(pkgs)])}`;

/** Keeps the price as shown; answers until when it holds. */
export async function holdPrice(deps: AppDeps, userId: number, key: string, held: HeldPrice) {
  const at = deps.clock.now();
  await holdQuote(deps.db, userId, key, held as unknown as Record<string, unknown>, at);
  return holdExpiry(at);
}

/** The price shown for this key within the hold, else a fresh one (a rate may have changed meanwhile). */
export async function heldOrFresh(deps: AppDeps, userId: number, key: string, fresh: () => Promise<HeldPrice>): Promise<HeldPrice> {
  const row = await heldQuote(deps.db, userId, key, deps.clock.now());
  const held = row ? heldPriceSchema.safeParse(row.quote) : undefined;
  return held?.success ? (held.data as HeldPrice) : fresh();
}

import { createHash } from 'node:crypto';
import { countryCode } from '@hopbox/contracts/countries';
import { sumMoney, timesMoney } from '@hopbox/contracts/money';
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
import { packageColumns } from '../packages/packages-repository.ts';
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
  // Prices held before handling fees existed have none.
  handlingFee: z.number().default(0),
  handlingPackages: z.number().default(0),
  // Nor services before package requests were charged.
  serviceFee: z.number().default(0),
  servicePackages: z.number().default(0),
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

/**
 * Days past free storage and the fee so far of each of these packages at `now` (settled packages accrue nothing
 * more), the handling fee a package received unidentified carries and the fees of the services done on it.
 */
export async function packageStorage(db: Executor, packageIds: readonly number[], now: Date) {
  const byPackage = new Map<number, { days: number; fee: number; handling: number; services: number }>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select({
      id: packages.id,
      receivedDate: packages.receivedDate,
      settledAt: packages.storageSettledAt,
      freeDays: packageColumns.freeDays,
      feePerDay: packageColumns.feePerDay,
      handlingFee: packages.handlingFee,
      serviceFee: packages.serviceFee,
    })
    .from(packages)
    .where(inArray(packages.id, [...packageIds]));
  for (const r of rows) {
    const days = r.settledAt ? 0 : feeDaysAt(r.receivedDate, { freeDays: r.freeDays, feePerDay: r.feePerDay }, now);
    const handling = Number(r.handlingFee ?? 0);
    const services = Number(r.serviceFee ?? 0);
    if (days > 0 || handling > 0 || services > 0) byPackage.set(r.id, { days, fee: timesMoney(r.feePerDay, days), handling, services });
  }
  return byPackage;
}
type PackageStorage = Awaited<ReturnType<typeof packageStorage>>;

/**
 * What the packages carry into a price besides shipping: each package's storage fee as charged, with the days and
 * packages it is for; their handling fees; their services' fees.
 */
function storageCharges(storage: PackageStorage, pkgs: readonly { id: number }[]) {
  const byPackage: Record<string, number> = {};
  const handling: number[] = [];
  const services: number[] = [];
  let days = 0;
  for (const p of pkgs) {
    const s = storage.get(p.id);
    if (!s) continue;
    if (s.days > 0) byPackage[p.id] = s.fee;
    if (s.handling > 0) handling.push(s.handling);
    if (s.services > 0) services.push(s.services);
    days += s.days;
  }
  const fees = Object.values(byPackage);
  return {
    fee: sumMoney(fees),
    days,
    packages: fees.length,
    byPackage,
    handlingFee: sumMoney(handling),
    handlingPackages: handling.length,
    serviceFee: sumMoney(services),
    servicePackages: services.length,
  };
}

/**
 * The parts of a price from the carrier's quote, the packages' storage and their declared values. A list pricing
 * many shipments reads the storage of all their packages at once and passes it in.
 */
export async function pricedParts(
  deps: AppDeps,
  quote: Quote & { request: PriceRequest },
  pkgs: readonly PackageValue[],
  storage?: PackageStorage,
): Promise<HeldPrice> {
  const charged = storageCharges(
    storage ??
      (await packageStorage(
        deps.db,
        pkgs.map((p) => p.id),
        deps.clock.now(),
      )),
    pkgs,
  );
  const offer = insuranceFor(pkgs.map((p) => ({ amount: Number(p.totalPrice), currency: p.currency })));
  return {
    shipping: quote.price,
    storageFee: charged.fee,
    storageDays: charged.days,
    storagePackages: charged.packages,
    handlingFee: charged.handlingFee,
    handlingPackages: charged.handlingPackages,
    serviceFee: charged.serviceFee,
    servicePackages: charged.servicePackages,
    insurance: offer.premium > 0 ? offer : null,
    currency: quote.currency,
    details: quote.details,
    request: quote.request,
    storageByPackage: charged.byPackage,
  };
}

const destinationKey = (country: string) => countryCode(country) ?? country.trim().toUpperCase();
/** What a price was made from besides the rates: a change to any of it (a re-weighed box, a new declared value) is a new price. */
const fingerprint = (inputs: unknown) => createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 22);

interface PackageInputs {
  id: number;
  quantity: number;
  packageWeight: string | number;
  packageLength: string | number;
  packageBreadth: string | number;
  packageHeight: string | number;
  totalPrice: string | number;
  currency: string;
  /** A fee a package carries is part of its price: a service done within the hold (same box, new fee) is a new price. */
  handlingFee: string | null;
  serviceFee: string | null;
}
const inputsOf = (pkgs: readonly PackageInputs[]) =>
  [...pkgs]
    .sort((a, b) => a.id - b.id)
    .map((p) =>
      [
        p.id,
        p.quantity,
        p.packageWeight,
        p.packageLength,
        p.packageBreadth,
        p.packageHeight,
        p.totalPrice,
        p.currency,
        p.handlingFee,
        p.serviceFee,
      ].map(String),
    );

/** The key a price is held under: any change to what it was made from (quantity included) makes it a new price. */
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

/** The price held for this key and until when it holds, if its hold has not ended. */
async function stillHeld(deps: AppDeps, userId: number, key: string) {
  const row = await heldQuote(deps.db, userId, key, deps.clock.now());
  const held = row ? heldPriceSchema.safeParse(row.quote) : undefined;
  return row && held?.success ? { price: held.data as HeldPrice, heldUntil: holdExpiry(row.createdAt) } : null;
}

/** The price shown for this key within the hold, else a fresh one (a rate may have changed meanwhile). */
export async function heldOrFresh(deps: AppDeps, userId: number, key: string, fresh: () => Promise<HeldPrice>): Promise<HeldPrice> {
  return (await stillHeld(deps, userId, key))?.price ?? fresh();
}

/** The price held for this key while it holds, else a fresh one held from now; with until when it holds. */
export async function heldOrHeldAnew(deps: AppDeps, userId: number, key: string, fresh: () => Promise<HeldPrice>) {
  const held = await stillHeld(deps, userId, key);
  if (held) return held;
  const price = await fresh();
  return { price, heldUntil: await holdPrice(deps, userId, key, price) };
}

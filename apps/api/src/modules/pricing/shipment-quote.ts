import { createHash } from 'node:crypto';
import { type CarrierOption, OPTION_NOT_OFFERED } from '@hopbox/contracts/carrier-options';
import { countryCode } from '@hopbox/contracts/countries';
import { type DutiableGoods, type Duties, type DutyRule, dutiesFor } from '@hopbox/contracts/duties';
import { sumMoney, timesMoney } from '@hopbox/contracts/money';
import { choicePrice, type PriceChoice } from '@hopbox/contracts/price-choice';
import type { PriceRequest } from '@hopbox/contracts/pricing';
import { carrierOptionSchema, dutiesBasisSchema, priceDetailsSchema } from '@hopbox/contracts/pricing';
import { feeDaysAt } from '@hopbox/contracts/storage';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { dutyRulesOf } from '../duties/duty-rules-repository.ts';
import { packageColumns } from '../packages/packages-repository.ts';
import { insuranceFor } from './declared-value.ts';
import { dutiableGoodsOf, dutiesBasisOf } from './duties-basis.ts';
import { heldQuote, holdExpiry, holdQuote } from './held-quotes-repository.ts';
import type { OptionsQuote } from './pricing-service.ts';

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
  /** Every carrier's options, cheapest first (decision 070); none on prices held before there was a choice. */
  options: z.array(carrierOptionSchema.extend({ details: priceDetailsSchema })).default([]),
  /** What the duties are estimated from (decision 071); none on prices held before duties were estimated. */
  dutiesBasis: dutiesBasisSchema.nullable().default(null),
});
export type HeldPrice = z.infer<typeof heldPriceSchema> & { request: PriceRequest };

/**
 * What a payment keeps of its price and what it charges for it: the chosen option (the cheapest when none is
 * named), the insurance when chosen, the duties prepaid when chosen. An option that was not priced is a 409.
 */
export function chargeOf(held: HeldPrice, choice: PriceChoice) {
  const priced = choicePrice(held, choice);
  if (!priced) throw conflict(OPTION_NOT_OFFERED, 'option', 'OPTION_NOT_OFFERED');
  const insurance = choice.insured && held.insurance && held.insurance.premium > 0 ? held.insurance : null;
  const option = held.options.find((o) => o.id === priced.option?.id);
  return {
    breakdown: priced.lines,
    amount: priced.total,
    shipping: priced.shipping,
    insured: insurance !== null,
    insuredValue: insurance?.cover ?? null,
    insurancePremium: insurance?.premium ?? null,
    storageFee: held.storageFee,
    storageByPackage: held.storageByPackage,
    option: option ? chosenOption(option) : null,
    duties: priced.duties?.estimated ? priced.duties : null,
    /** The chosen option's own request and details: what was sold, as the carrier priced it. */
    request: option ? { ...held.request, productType: option.product, serviceType: option.service } : held.request,
    details: option?.details ?? held.details,
  };
}
export type Charge = ReturnType<typeof chargeOf>;

/** What booking needs of an option: its carrier, product, service, name and transit (decision 070). */
const chosenOption = ({ id, carrier, product, service, name, transitDays }: CarrierOption) => ({
  id,
  carrier,
  product,
  service,
  name,
  transitDays,
});

/** The duties of a charge as the API answers them: the estimate, or why there is none (no rule for the destination). */
export function dutiesOf(held: HeldPrice, charge: Charge): Duties | undefined {
  if (charge.duties) return charge.duties;
  return held.dutiesBasis ? dutiesFor(held.dutiesBasis, charge.shipping, 0, false, held.currency) : undefined;
}

/** The options as the API answers them, without each one's price details. */
export const optionsOf = (held: HeldPrice): CarrierOption[] => held.options.map(({ details: _, ...option }) => option);

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

/** What pricing reads of the packages besides the quote: their storage, their goods for customs, the destinations' duty rules. */
export interface PricingContext {
  storage: PackageStorage;
  goods: Map<number, DutiableGoods[]>;
  rules: Map<string, DutyRule>;
}

/** The context of pricing these packages to these destinations, read at once: a list of many shipments reads it once. */
export async function pricingContext(
  deps: AppDeps,
  pkgs: readonly PackageValue[],
  destinations: readonly string[],
): Promise<PricingContext> {
  const [storage, goods, rules] = await Promise.all([
    packageStorage(
      deps.db,
      pkgs.map((p) => p.id),
      deps.clock.now(),
    ),
    dutiableGoodsOf(deps.db, pkgs),
    dutyRulesOf(
      deps.db,
      destinations.map((d) => destinationKey(d)),
    ),
  ]);
  return { storage, goods, rules };
}

/**
 * The parts of a price from the carriers' options, the packages' storage, their declared values and the
 * destination's duty rule. A list pricing many shipments reads the context of all their packages at once and
 * passes it in.
 */
export async function pricedParts(
  deps: AppDeps,
  quote: OptionsQuote,
  pkgs: readonly PackageValue[],
  context?: PricingContext,
): Promise<HeldPrice> {
  const destination = quote.request.destination;
  const { storage, goods, rules } = context ?? (await pricingContext(deps, pkgs, [destination]));
  const charged = storageCharges(storage, pkgs);
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
    options: quote.options,
    dutiesBasis: dutiesBasisOf(
      destination,
      rules.get(destinationKey(destination)),
      pkgs.flatMap((p) => goods.get(p.id) ?? []),
    ),
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

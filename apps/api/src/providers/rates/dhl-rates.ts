import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import type { TransitDays } from '@hopbox/contracts/carrier-options';
import { countryName, UAE_EMIRATES } from '@hopbox/contracts/countries';
import { roundMoney, sumMoney } from '@hopbox/contracts/money';
import { type PriceRequest, roundWeight, VOLUMETRIC_DIVISOR } from '@hopbox/contracts/pricing';
import { Semaphore } from 'async-mutex';
import { LRUCache } from 'lru-cache';
import { toAed } from '../../modules/pricing/declared-value.ts';
import { AnswerTooLargeError } from '../carriers/carrier-bounds.ts';
import { CarrierRefusedError } from '../carriers/carrier-provider.ts';
import { type DhlOptions, dhlCaller, dhlShippingTime } from '../carriers/dhl-api.ts';
import { RATE_FINDER } from './c3x-provider.ts';
import { UNKNOWN_TRANSIT } from './carrier-rates.ts';
import { type CarrierRates, type OptionQuote, RateProviderUnavailableError, UnpriceableError, weights } from './rate-provider.ts';

/** A place as MyDHL's rates read it. */
interface DhlPlace {
  postalCode: string;
  cityName: string;
  countryCode: string;
}

/** What is asked of DHL's rates, bar the account and the day: like requests share an answer. */
interface RateShape {
  shipperDetails: DhlPlace;
  receiverDetails: DhlPlace;
  weight: number;
  dimensions: { length: number; width: number; height: number };
}

/** A DHL product as priced in the answer, in AED. */
interface PricedProduct {
  code: string;
  localCode: string;
  name: string;
  price: number;
  lines: { label: string; amount: number }[];
  transitDays: TransitDays;
}

interface RatesAnswer {
  products?: unknown;
}

interface DhlPrice {
  currencyType?: unknown;
  priceCurrency?: unknown;
  price?: unknown;
}

interface DhlProduct {
  productName?: unknown;
  productCode?: unknown;
  localProductCode?: unknown;
  totalPrice?: DhlPrice[];
  detailedPriceBreakdown?: { currencyType?: unknown; priceCurrency?: unknown; breakdown?: { name?: unknown; price?: unknown }[] }[];
  deliveryCapabilities?: { totalTransitDays?: unknown };
}

/** A product or service code the product keeps in an option id (`dhl:P:P`). */
const CODE_SHAPE = /^[A-Z0-9]{1,10}$/;
/** The most products read from one answer, and the longest charge name shown. */
const MOST_PRODUCTS = 20;
const LINE_CHARS = 60;

/**
 * DHL Express's products priced by the MyDHL rates service (decision 070), each an option in AED with DHL's transit
 * days. Answers are kept by the shape of the request and at most a few calls are under way at once, as C3X's are
 * (decision 046). A refusal is UnpriceableError in our words (DHL's for the logs); no answer is unavailable.
 */
export function createDhlRates(options: DhlOptions): CarrierRates {
  const { call } = dhlCaller(options);
  const calls = new Semaphore(RATE_FINDER.callsAtOnce);
  const answers = new LRUCache<string, PricedProduct[], RateShape>({
    max: RATE_FINDER.cachedAnswers,
    ttl: RATE_FINDER.cacheTtlMs,
    fetchMethod: (_key, _stale, { context }) => calls.runExclusive(() => askRates(call, options.accountNumber, context)),
  });
  return {
    carrier: 'dhl',
    async options(request) {
      const shape = rateShape(request);
      const products = (await answers.fetch(JSON.stringify(shape), { context: shape })) as PricedProduct[];
      return products.map((product) => optionOf(product, request));
    },
  };
}

/**
 * The request's places as DHL reads them. A price request names countries (or a UAE emirate), not addresses: an
 * emirate is priced to its own name, a country to its name with no postal code.
 */
function dhlPlace(code: string): DhlPlace {
  const emirate = UAE_EMIRATES.find((e) => e.code === code);
  if (emirate) return { postalCode: '', cityName: emirate.name, countryCode: 'AE' };
  return { postalCode: '', cityName: countryName(code) ?? code, countryCode: code };
}

/** DHL measures a side in whole or decimal centimetres of at least 1. */
const side = (cm: number) => Math.max(1, roundWeight(cm));

function rateShape(request: PriceRequest): RateShape {
  return {
    shipperDetails: dhlPlace(request.origin),
    receiverDetails: dhlPlace(request.destination),
    weight: roundWeight(request.weight),
    dimensions: { length: side(request.length), width: side(request.breadth), height: side(request.height) },
  };
}

type DhlCall = ReturnType<typeof dhlCaller>['call'];

/** One call to POST /rates for the shape; its products priced in AED. */
async function askRates(call: DhlCall, accountNumber: string, shape: RateShape): Promise<PricedProduct[]> {
  let answer: RatesAnswer;
  try {
    answer = await call<RatesAnswer>('rates', '/rates', {
      customerDetails: { shipperDetails: shape.shipperDetails, receiverDetails: shape.receiverDetails },
      accounts: [{ typeCode: 'shipper', number: accountNumber }],
      plannedShippingDateAndTime: dhlShippingTime(new Date()),
      unitOfMeasurement: 'metric',
      isCustomsDeclarable: true,
      nextBusinessDay: true,
      packages: [{ weight: shape.weight, dimensions: shape.dimensions }],
    });
  } catch (err) {
    if (err instanceof CarrierRefusedError && !(err instanceof AnswerTooLargeError)) {
      throw new UnpriceableError(carrierMessages.courierCannotPrice, err.message);
    }
    throw new RateProviderUnavailableError((err as Error).message);
  }
  if (!Array.isArray(answer.products)) throw new RateProviderUnavailableError('DHL rates answered no list of products');
  const listed = (answer.products as DhlProduct[]).slice(0, MOST_PRODUCTS);
  const priced = listed.flatMap((product) => pricedProduct(product) ?? []);
  if (listed.length > 0 && priced.length === 0) {
    throw new UnpriceableError(
      carrierMessages.courierCannotPrice,
      'DHL rates answered no product with a price in a currency the rate card converts',
    );
  }
  return priced;
}

/** A product with its code, a positive price in AED and its charges; undefined when any of those is missing. */
function pricedProduct(product: DhlProduct): PricedProduct | undefined {
  const code = typeof product.productCode === 'string' ? product.productCode.trim().toUpperCase() : '';
  const local = typeof product.localProductCode === 'string' ? product.localProductCode.trim().toUpperCase() : '';
  if (!CODE_SHAPE.test(code)) return undefined;
  const totals = Array.isArray(product.totalPrice) ? product.totalPrice : [];
  const total = totals.find((t) => t?.currencyType === 'BILLC') ?? totals[0];
  const price = inAed(total?.price, total?.priceCurrency);
  if (price === undefined || price <= 0) return undefined;
  const name = typeof product.productName === 'string' && product.productName.trim() ? titleCase(product.productName) : code;
  return {
    code,
    localCode: CODE_SHAPE.test(local) ? local : code,
    name,
    price,
    lines: chargeLines(product, total?.currencyType, price),
    transitDays: transitDays(product.deliveryCapabilities?.totalTransitDays),
  };
}

/** An amount in DHL's currency as AED (the rate card's table); undefined when either is unusable. */
function inAed(amount: unknown, currency: unknown): number | undefined {
  const value = Number(amount);
  if (!Number.isFinite(value) || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return undefined;
  return currency === 'AED' ? roundMoney(value) : (toAed(value, currency) ?? undefined);
}

/**
 * DHL's charges (the product's weight charge, the fuel surcharge, …) when they add up to the price exactly;
 * otherwise, as C3X's, one line for the whole.
 */
function chargeLines(product: DhlProduct, currencyType: unknown, price: number): PricedProduct['lines'] {
  const whole = [{ label: 'DHL Express net amount', amount: price }];
  const breakdowns = Array.isArray(product.detailedPriceBreakdown) ? product.detailedPriceBreakdown : [];
  const breakdown = breakdowns.find((b) => b?.currencyType === currencyType) ?? breakdowns[0];
  const items = Array.isArray(breakdown?.breakdown) ? breakdown.breakdown : [];
  const lines = items.map((item) => ({
    label: typeof item?.name === 'string' ? titleCase(item.name).slice(0, LINE_CHARS) : '',
    amount: inAed(item?.price, breakdown?.priceCurrency),
  }));
  if (lines.length === 0 || lines.some((l) => !l.label || l.amount === undefined)) return whole;
  const exact = lines as { label: string; amount: number }[];
  return sumMoney(exact.map((l) => l.amount)) === price ? exact : whole;
}

/** DHL's one figure of transit days as a range; the wide range the card uses when it gives none. */
function transitDays(days: unknown): TransitDays {
  const value = Number(days);
  if (days === null || days === undefined || !Number.isFinite(value) || value < 0 || value > 99) return UNKNOWN_TRANSIT;
  const whole = Math.ceil(value);
  return { min: whole, max: whole };
}

/** `EXPRESS WORLDWIDE` as `Express Worldwide`. */
const titleCase = (words: string) =>
  words
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`);

function optionOf(product: PricedProduct, request: PriceRequest): OptionQuote {
  const name = `DHL ${product.name}`;
  return {
    price: product.price,
    currency: 'AED',
    carrier: 'dhl',
    product: product.code,
    service: product.localCode,
    name,
    transitDays: product.transitDays,
    details: {
      origin: request.origin,
      destination: request.destination,
      productType: product.code,
      productName: name,
      serviceType: product.localCode,
      pieces: request.pieces,
      ...weights(request, VOLUMETRIC_DIVISOR),
      zone: `${countryName(request.origin) ?? request.origin} to ${countryName(request.destination) ?? request.destination}`,
      lines: product.lines,
      provider: 'dhl',
    },
  };
}

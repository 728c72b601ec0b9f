import { carrierMessages } from '@hopbox/contracts/carrier-messages';
import { countryName } from '@hopbox/contracts/countries';
import { roundMoney } from '@hopbox/contracts/money';
import { PRODUCT_TYPES, type PriceRequest, VOLUMETRIC_DIVISOR } from '@hopbox/contracts/pricing';
import { Semaphore } from 'async-mutex';
import { LRUCache } from 'lru-cache';
import { AnswerTooLargeError, boundedText, CARRIER_LIMITS } from '../carriers/carrier-bounds.ts';
import { secretScrubber } from '../carriers/carrier-secrets.ts';
import { type Quote, type RateProvider, RateProviderUnavailableError, UnpriceableError, weights } from './rate-provider.ts';

export interface C3xOptions {
  /** Service root, e.g. https://c3xapi.example.com/express/v1 ; RateFinder is POSTed under it. */
  baseUrl: string;
  accountNo: string;
  userName: string;
  password: string;
  /** Station code used when a country, not a UAE station, is the origin or destination. */
  defaultStation: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface RateFinderAnswer {
  Code?: number | string;
  Description?: string;
  NetAmount?: number | string;
}

const UAE_STATIONS = ['AUH', 'DXB', 'SHJ', 'AJM', 'UAQ', 'RAK', 'FUJ'];

/**
 * RateFinder's answers are kept by the shape of the request (what is sent, bar the account) for a few minutes,
 * and at most this many calls are under way at once from one process (decision 046).
 */
export const RATE_FINDER = { cachedAnswers: 1_000, cacheTtlMs: 5 * 60_000, callsAtOnce: 4 } as const;

/** What RateFinder is asked, bar the account: the weight as the courier charges it, so like requests share an answer. */
type RateShape = Record<'Origin' | 'Destination' | 'Product' | 'ServiceType' | 'Country', string> & { Weight: number; Pieces: number };

/**
 * C3X Express RateFinder: the courier whose product XPS and service NOR SPEC.md uses.
 * Station codes (DXB, AUH, …) go as Origin/Destination; a country code goes as Country with the
 * default station.
 */
export function createC3xProvider(options: C3xOptions): RateProvider {
  const station = (code: string) => (UAE_STATIONS.includes(code) ? code : options.defaultStation);
  const country = (code: string) => (UAE_STATIONS.includes(code) ? 'AE' : code);
  const rateFinder = rateFinderCaller(options);
  const calls = new Semaphore(RATE_FINDER.callsAtOnce);
  // fetch() asks once for a shape however many ask it at the same time; a failure is not kept.
  const answers = new LRUCache<string, RateFinderAnswer, RateShape>({
    max: RATE_FINDER.cachedAnswers,
    ttl: RATE_FINDER.cacheTtlMs,
    fetchMethod: (_key, _stale, { context }) => calls.runExclusive(() => rateFinder(context)),
  });
  return {
    name: 'c3x',
    async quote(request: PriceRequest): Promise<Quote> {
      const w = weights(request, VOLUMETRIC_DIVISOR);
      const shape: RateShape = {
        Origin: station(request.origin),
        Destination: station(request.destination),
        Product: request.productType,
        ServiceType: request.serviceType,
        Weight: w.chargeableWeight,
        Pieces: request.pieces,
        Country: country(request.destination === 'AE' || UAE_STATIONS.includes(request.destination) ? request.origin : request.destination),
      };
      const answer = (await answers.fetch(JSON.stringify(shape), { context: shape })) as RateFinderAnswer;
      const amount = Number(answer.NetAmount);
      if (String(answer.Code) !== '1' || !Number.isFinite(amount) || amount <= 0) {
        throw new UnpriceableError(carrierMessages.courierCannotPrice, answer.Description || undefined);
      }
      return {
        price: roundMoney(amount),
        currency: 'AED',
        details: {
          origin: request.origin,
          destination: request.destination,
          productType: request.productType,
          productName: PRODUCT_TYPES[request.productType as keyof typeof PRODUCT_TYPES] ?? request.productType,
          serviceType: request.serviceType,
          pieces: request.pieces,
          ...w,
          zone: `${countryName(request.origin) ?? request.origin} to ${countryName(request.destination) ?? request.destination}`,
          // Our words: the courier's Description is its text, which customers never read (decision 046).
          lines: [{ label: 'C3X Express net amount', amount: roundMoney(amount) }],
          provider: 'c3x',
        },
      };
    },
  };
}

/**
 * POSTs one RateFinder request with the account. No answer, an HTTP error, an answer over
 * CARRIER_LIMITS.answerBytes or not JSON is "unavailable"; every message and the courier's Description are
 * scrubbed of the account's credentials.
 */
function rateFinderCaller(options: C3xOptions) {
  const doFetch = options.fetch ?? fetch;
  const scrub = secretScrubber([options.accountNo, options.userName, options.password]);
  const unavailable = (message: string) => new RateProviderUnavailableError(scrub(message));
  const account = { AccountNo: options.accountNo, UserName: options.userName, Password: options.password };
  return async (shape: RateShape): Promise<RateFinderAnswer> => {
    let text: string;
    try {
      const res = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/C3XService.svc/RateFinder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...account, ...shape }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw unavailable(`C3X RateFinder answered HTTP ${res.status}`);
      }
      text = await boundedText(res, CARRIER_LIMITS.answerBytes, 'C3X RateFinder');
    } catch (err) {
      if (err instanceof RateProviderUnavailableError) throw err;
      throw unavailable(err instanceof AnswerTooLargeError ? err.message : `C3X RateFinder unreachable: ${(err as Error).message}`);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw unavailable('C3X RateFinder answered something other than JSON');
    }
    if (answer === null || typeof answer !== 'object') throw unavailable('C3X RateFinder answered something other than JSON');
    const { Code, Description, NetAmount } = answer as RateFinderAnswer;
    return { Code, Description: typeof Description === 'string' ? scrub(Description) : undefined, NetAmount };
  };
}

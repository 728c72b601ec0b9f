import { countryName } from '@hopbox/contracts/countries';
import { roundMoney } from '@hopbox/contracts/money';
import { PRODUCT_TYPES, type PriceRequest, VOLUMETRIC_DIVISOR } from '@hopbox/contracts/pricing';
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
 * C3X Express RateFinder: the courier whose product XPS and service NOR SPEC.md uses.
 * Station codes (DXB, AUH, …) go as Origin/Destination; a country code goes as Country with the
 * default station.
 */
export function createC3xProvider(options: C3xOptions): RateProvider {
  const doFetch = options.fetch ?? fetch;
  const station = (code: string) => (UAE_STATIONS.includes(code) ? code : options.defaultStation);
  const country = (code: string) => (UAE_STATIONS.includes(code) ? 'AE' : code);
  return {
    name: 'c3x',
    async quote(request: PriceRequest): Promise<Quote> {
      const w = weights(request, VOLUMETRIC_DIVISOR);
      const body = {
        AccountNo: options.accountNo,
        UserName: options.userName,
        Password: options.password,
        Origin: station(request.origin),
        Destination: station(request.destination),
        Product: request.productType,
        ServiceType: request.serviceType,
        Weight: w.chargeableWeight,
        Pieces: request.pieces,
        Country: country(request.destination === 'AE' || UAE_STATIONS.includes(request.destination) ? request.origin : request.destination),
      };
      let answer: RateFinderAnswer;
      try {
        const res = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/C3XService.svc/RateFinder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!res.ok) throw new RateProviderUnavailableError(`C3X RateFinder answered HTTP ${res.status}`);
        answer = (await res.json()) as RateFinderAnswer;
      } catch (err) {
        if (err instanceof RateProviderUnavailableError) throw err;
        throw new RateProviderUnavailableError(`C3X RateFinder unreachable: ${(err as Error).message}`);
      }
      const amount = Number(answer.NetAmount);
      if (String(answer.Code) !== '1' || !Number.isFinite(amount) || amount <= 0) {
        throw new UnpriceableError(answer.Description || 'The courier could not price this shipment');
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
          lines: [{ label: answer.Description || 'C3X Express net amount', amount: roundMoney(amount) }],
          provider: 'c3x',
        },
      };
    },
  };
}

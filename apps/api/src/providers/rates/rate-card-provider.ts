import { percentOfMoney, subtractMoney, sumMoney, timesMoney } from '@hopbox/contracts/money';
import { type PriceRequest, VOLUMETRIC_DIVISOR } from '@hopbox/contracts/pricing';
import card from './rate-card.json' with { type: 'json' };
import { type Quote, type RateProvider, UnpriceableError, weights } from './rate-provider.ts';

interface Zone {
  name: string;
  firstHalfKg: number;
  additionalHalfKg: number;
  minimumCharge: number;
}

interface Product {
  name: string;
  /** The product's zone rates are the Express rates times this. */
  rateFactor: number;
  /** [min, max] business days door to door, by zone id. */
  transitDays: Record<string, number[]>;
}

export interface RateCard {
  currency: string;
  products: Record<string, Product | string>;
  fuelSurchargePercent: number;
  regions: Record<string, string[]>;
  defaultRegion: string;
  zoneMatrix: Record<string, Record<string, string>>;
  zones: Record<string, Zone>;
}

function regionOf(rateCard: RateCard, code: string): string {
  for (const [region, codes] of Object.entries(rateCard.regions)) if (codes.includes(code)) return region;
  return rateCard.defaultRegion;
}

const productOf = (rateCard: RateCard, code: string) => {
  const product = rateCard.products[code];
  return typeof product === 'object' ? product : undefined;
};

/** The zone a lane falls in, by id, with its rates; undefined when the card has no rate for it. */
function zoneOf(rateCard: RateCard, origin: string, destination: string) {
  const id = rateCard.zoneMatrix[regionOf(rateCard, origin)]?.[regionOf(rateCard, destination)];
  const zone = id ? rateCard.zones[id] : undefined;
  return id && zone ? { id, zone } : undefined;
}

/** A product's rates in a zone: the Express rates times its factor, each rounded once. */
const scaled = (zone: Zone, factor: number): Zone =>
  factor === 1
    ? zone
    : {
        name: zone.name,
        firstHalfKg: timesMoney(zone.firstHalfKg, factor),
        additionalHalfKg: timesMoney(zone.additionalHalfKg, factor),
        minimumCharge: timesMoney(zone.minimumCharge, factor),
      };

/** How many business days the card's product takes on a lane, at least and at most (decision 070). */
export function rateCardTransitDays(origin: string, destination: string, product: string, rateCard: RateCard = card) {
  const lane = zoneOf(rateCard, origin, destination);
  const days = lane ? productOf(rateCard, product)?.transitDays[lane.id] : undefined;
  return days && days.length === 2 ? { min: days[0] as number, max: days[1] as number } : undefined;
}

/** The products the card sells, by code, with their names as customers read them. */
export const rateCardProducts = (rateCard: RateCard = card) =>
  Object.fromEntries(Object.entries(rateCard.products).flatMap(([code, p]) => (typeof p === 'object' ? [[code, p.name]] : [])));

/** The default provider: prices from rate-card.json (docs/decisions/005-shipping-prices.md). */
export function createRateCardProvider(rateCard: RateCard = card): RateProvider {
  return {
    name: 'ratecard',
    async quote(request: PriceRequest): Promise<Quote> {
      const product = productOf(rateCard, request.productType);
      if (!product) throw new UnpriceableError(`Unknown product type: ${request.productType}`);
      if (request.serviceType !== 'NOR') throw new UnpriceableError(`Unknown service type: ${request.serviceType}`);
      const lane = zoneOf(rateCard, request.origin, request.destination);
      if (!lane) throw new UnpriceableError(`No rate from ${request.origin} to ${request.destination}`);
      const zone = scaled(lane.zone, product.rateFactor);

      const w = weights(request, VOLUMETRIC_DIVISOR);
      const halfKilos = Math.max(1, Math.ceil(w.chargeableWeight * 2 - 1e-9));
      const freight = sumMoney([zone.firstHalfKg, timesMoney(zone.additionalHalfKg, halfKilos - 1)]);
      const lines = [
        { label: 'First 0.5 kg', amount: zone.firstHalfKg },
        ...(halfKilos > 1
          ? [
              {
                label: `${halfKilos - 1} additional 0.5 kg x ${zone.additionalHalfKg}`,
                amount: timesMoney(zone.additionalHalfKg, halfKilos - 1),
              },
            ]
          : []),
      ];
      if (freight < zone.minimumCharge) lines.push({ label: 'Minimum charge top-up', amount: subtractMoney(zone.minimumCharge, freight) });
      const base = Math.max(freight, zone.minimumCharge);
      const fuel = percentOfMoney(base, rateCard.fuelSurchargePercent);
      lines.push({ label: `Fuel surcharge ${rateCard.fuelSurchargePercent}%`, amount: fuel });
      return {
        price: sumMoney([base, fuel]),
        currency: rateCard.currency,
        details: {
          origin: request.origin,
          destination: request.destination,
          productType: request.productType,
          productName: product.name,
          serviceType: request.serviceType,
          pieces: request.pieces,
          ...w,
          chargeableWeight: halfKilos / 2,
          zone: zone.name,
          lines,
          provider: 'ratecard',
        },
      };
    },
  };
}

import { percentOfMoney, subtractMoney, sumMoney, timesMoney } from '@hopbox/contracts/money';
import { PRODUCT_TYPES, type PriceRequest, VOLUMETRIC_DIVISOR } from '@hopbox/contracts/pricing';
import card from './rate-card.json' with { type: 'json' };
import { type Quote, type RateProvider, UnpriceableError, weights } from './rate-provider.ts';

interface Zone {
  name: string;
  firstHalfKg: number;
  additionalHalfKg: number;
  minimumCharge: number;
}

export interface RateCard {
  currency: string;
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

/** The default provider: prices from rate-card.json (docs/decisions/005-shipping-prices.md). */
export function createRateCardProvider(rateCard: RateCard = card): RateProvider {
  return {
    name: 'ratecard',
    async quote(request: PriceRequest): Promise<Quote> {
      if (request.productType !== 'XPS') throw new UnpriceableError(`Unknown product type: ${request.productType}`);
      if (request.serviceType !== 'NOR') throw new UnpriceableError(`Unknown service type: ${request.serviceType}`);
      const zoneId = rateCard.zoneMatrix[regionOf(rateCard, request.origin)]?.[regionOf(rateCard, request.destination)];
      const zone = zoneId ? rateCard.zones[zoneId] : undefined;
      if (!zoneId || !zone) throw new UnpriceableError(`No rate from ${request.origin} to ${request.destination}`);

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
          productName: PRODUCT_TYPES.XPS,
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

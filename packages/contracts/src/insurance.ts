import { percentOf, toMajor, toMinor } from './money.ts';

/**
 * Shipment insurance (issue "Declare, insure"): the cover is the declared value in AED, capped; the premium a
 * percentage of the cover with a minimum. The rate is data kept with the rate card and sent to both sides.
 */

export interface InsuranceRate {
  /** Premium as a percentage of the cover. */
  percent: number;
  /** The smallest premium, in AED. */
  minimumPremium: number;
  /** The most a shipment can be insured for, in AED. */
  maxInsurableValue: number;
}

export interface InsuranceOffer {
  /** What a claim pays at most, in AED: the declared total, up to the maximum insurable value. */
  cover: number;
  /** What the insurance costs, in AED; 0 when nothing can be insured (nothing declared). */
  premium: number;
}

/** The cover and premium, worked in fils: 2 % of 503.75 AED is 10.08 AED. */
export function insuranceOffer(declaredValueAed: number, rate: InsuranceRate): InsuranceOffer {
  const cover = Math.min(Math.max(toMinor(declaredValueAed), 0), toMinor(rate.maxInsurableValue));
  if (cover <= 0) return { cover: 0, premium: 0 };
  return { cover: toMajor(cover), premium: toMajor(Math.max(toMinor(rate.minimumPremium), percentOf(cover, rate.percent))) };
}

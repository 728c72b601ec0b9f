import { type InsuranceRate, insuranceOffer } from '@hopbox/contracts/insurance';
import { sumMoney, timesMoney } from '@hopbox/contracts/money';
import card from '../../providers/rates/rate-card.json' with { type: 'json' };

/** The insurance rate kept with the rate card (rate-card.json, "insurance"). */
export const INSURANCE_RATE: InsuranceRate = {
  percent: card.insurance.percent,
  minimumPremium: card.insurance.minimumPremium,
  maxInsurableValue: card.insurance.maxInsurableValue,
};

const aedPerUnit: Record<string, unknown> = card.aedPerUnit;

/** What one unit of a currency is worth in AED by the rate card's table, unrounded; null for a currency it does not list. */
export function aedPerUnitOf(currency: string): number | null {
  const rate = aedPerUnit[currency.toUpperCase()];
  return typeof rate === 'number' ? rate : null;
}

/** An amount in a declared currency as AED, by the rate card's table; null for a currency it does not list. */
export function toAed(amount: number, currency: string): number | null {
  const rate = aedPerUnitOf(currency);
  return rate === null ? null : timesMoney(amount, rate);
}

/** Declared values in several currencies summed in AED; a currency the table lacks counts as nothing insurable. */
export function declaredValueAed(values: readonly { amount: number; currency: string }[]) {
  return sumMoney(values.map((v) => toAed(v.amount, v.currency) ?? 0));
}

/** The insurance on offer for a shipment of this declared value. */
export const insuranceFor = (values: readonly { amount: number; currency: string }[]) =>
  insuranceOffer(declaredValueAed(values), INSURANCE_RATE);

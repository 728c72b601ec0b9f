import { countryCode, countryName } from '@hopbox/contracts/countries';
import type { DutiableGoods, DutiesBasis, DutyRule } from '@hopbox/contracts/duties';
import { timesMoney } from '@hopbox/contracts/money';
import type { Executor } from '../../db/client.ts';
import { declarationItemsOf } from '../packages/declarations-repository.ts';
import { aedPerUnitOf, toAed } from './declared-value.ts';

interface DeclaredPackage {
  id: number;
  totalPrice: string | number;
  currency: string;
}

/**
 * Each package's goods as customs values them, in AED: its declared lines (quantity x unit value, with their HS
 * codes), or the package's declared total when it has no lines yet. A currency the product cannot convert counts
 * as nothing, as it does for insurance.
 */
export async function dutiableGoodsOf(db: Executor, pkgs: readonly DeclaredPackage[]): Promise<Map<number, DutiableGoods[]>> {
  const items = await declarationItemsOf(
    db,
    pkgs.map((p) => p.id),
  );
  return new Map(
    pkgs.map((p) => {
      const declared = items.get(p.id) ?? [];
      const lines =
        declared.length > 0
          ? declared.map((i) => ({ hsCode: i.hsCode, value: toAed(timesMoney(i.unitValue, i.quantity), i.currency) ?? 0 }))
          : [{ hsCode: null, value: toAed(Number(p.totalPrice), p.currency) ?? 0 }];
      return [p.id, lines];
    }),
  );
}

/** What the duties of a shipment of these goods to this destination are estimated from (decision 071). */
export function dutiesBasisOf(destination: string, rule: DutyRule | undefined, goods: DutiableGoods[]): DutiesBasis {
  const country = countryCode(destination) ?? destination;
  return {
    country,
    countryName: countryName(country) ?? destination,
    rule: rule ?? null,
    ruleUnitInPrice: rule ? aedPerUnitOf(rule.currency) : null,
    goods,
  };
}

import { isCountryName } from '@hopbox/contracts/countries';
import { declarationTotal, isDeclarationComplete } from '@hopbox/contracts/declaration-rules';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { declarationItems } from '../../db/schema.ts';

const DESCRIPTION_MAX = 200;

/**
 * The declaration a package starts with when the warehouse receives it: one item of its content, quantity,
 * unit price and origin, so a package received with a price is declared complete at once (issue "Declare, insure").
 */
export function initialDeclaration(pkg: {
  packageContent: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  origin: string;
}): DeclarationItem[] {
  return [
    {
      description: pkg.packageContent.trim().slice(0, DESCRIPTION_MAX),
      hsCode: null,
      quantity: Math.max(1, pkg.quantity),
      unitValue: pkg.unitPrice,
      currency: pkg.currency,
      originCountry: isCountryName(pkg.origin) ? pkg.origin : null,
    },
  ];
}

/** What a package row keeps of its declaration: complete or not, and its total as the package's value (decision 037). */
export function declarationSummary(items: readonly DeclarationItem[]) {
  return { complete: isDeclarationComplete(items), totalValue: declarationTotal(items) };
}

export async function insertDeclarationItems(db: Executor, packageId: number, items: readonly DeclarationItem[]) {
  if (items.length === 0) return;
  await db.insert(declarationItems).values(
    items.map((item, position) => ({
      packageId,
      position,
      description: item.description,
      hsCode: item.hsCode,
      quantity: item.quantity,
      unitValue: item.unitValue.toFixed(2),
      currency: item.currency,
      originCountry: item.originCountry,
    })),
  );
}

/** The declared items of these packages, in each one's order, by package id. */
export async function declarationItemsOf(db: Executor, packageIds: readonly number[]) {
  const byPackage = new Map<number, DeclarationItem[]>(packageIds.map((id) => [id, []]));
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select()
    .from(declarationItems)
    .where(inArray(declarationItems.packageId, [...packageIds]))
    .orderBy(asc(declarationItems.packageId), asc(declarationItems.position));
  for (const r of rows) {
    byPackage.get(r.packageId)?.push({
      description: r.description,
      hsCode: r.hsCode,
      quantity: r.quantity,
      unitValue: Number(r.unitValue),
      currency: r.currency,
      originCountry: r.originCountry,
    });
  }
  return byPackage;
}

/** Zod-free rules of a customs declaration, for lists and the API alike (issue "Declare, insure"). */

import { toMajor, toMinor } from './money.ts';

export interface DeclaredItem {
  description: string;
  quantity: number;
  unitValue: number;
  originCountry: string | null;
}

const MIN_DESCRIPTION = 3;

/** The most one declared item can count, and be worth a unit. */
export const ITEM_QUANTITY_MAX = 100_000;
export const ITEM_VALUE_MAX = 1_000_000;
/** The most a package's declared total (and so its stored value) can be. */
export const DECLARATION_TOTAL_MAX = 99_999_999;

export const isItemComplete = (item: DeclaredItem) =>
  item.description.trim().length >= MIN_DESCRIPTION && item.quantity >= 1 && item.unitValue > 0 && Boolean(item.originCountry);

/** At least one item, each with a description, a quantity, a unit value above zero and an origin. */
export const isDeclarationComplete = (items: readonly DeclaredItem[]) => items.length > 0 && items.every(isItemComplete);

/** The declared total: each item's quantity times its unit value, to the cent. */
export const declarationTotal = (items: readonly Pick<DeclaredItem, 'quantity' | 'unitValue'>[]) =>
  toMajor(items.reduce<number>((sum, i) => sum + i.quantity * toMinor(i.unitValue), 0));

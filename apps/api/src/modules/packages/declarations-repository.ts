import { isCountryName } from '@hopbox/contracts/countries';
import { declarationTotal, isDeclarationComplete } from '@hopbox/contracts/declaration-rules';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { shareOf, toMajor, toMinor } from '@hopbox/contracts/money';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { declarationItems, packages, waitingInLocker } from '../../db/schema.ts';

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

/**
 * Packages whose items are read in one query: at most 5 × DECLARATION_MAX_ITEMS rows, so a shipment of many
 * packages is read in short steps, the event loop free in between (the embedded database runs on it).
 */
const PACKAGES_PER_READ = 5;

/** The declared items of these packages, in each one's order, by package id. */
export async function declarationItemsOf(db: Executor, packageIds: readonly number[]) {
  const byPackage = new Map<number, DeclarationItem[]>(packageIds.map((id) => [id, []]));
  for (let from = 0; from < packageIds.length; from += PACKAGES_PER_READ) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    await readItems(db, packageIds.slice(from, from + PACKAGES_PER_READ), byPackage);
  }
  return byPackage;
}

async function readItems(db: Executor, packageIds: readonly number[], byPackage: Map<number, DeclarationItem[]>) {
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
}

/**
 * The customer's package still in the locker, its row locked until the transaction ends: a shipment being
 * created for it at the same time waits, then finds what this transaction wrote (or this one finds it gone).
 */
export async function lockLockerPackage(tx: Executor, userId: number, id: number) {
  const [row] = await tx
    .select({
      id: packages.id,
      currency: packages.currency,
      packageContent: packages.packageContent,
      origin: packages.origin,
      quantity: packages.quantity,
      unitPrice: packages.unitPrice,
      totalPrice: packages.totalPrice,
      openPaymentId: packages.openPaymentId,
    })
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.userId, userId), waitingInLocker(packages)))
    .for('update');
  return row;
}

/** The package's quantity and value as its declaration gives them: the items' quantities and the declared total. */
export function packageValueOf(items: readonly DeclarationItem[]) {
  const { complete, totalValue } = declarationSummary(items);
  const quantity = items.reduce((sum, i) => sum + i.quantity, 0);
  return { complete, totalValue, quantity, unitPrice: toMajor(shareOf(toMinor(totalValue), quantity)) };
}

/** Replaces a (locked) package's items, and sets its completeness, quantity and value from them (decision 037). */
export async function replaceDeclaration(tx: Executor, packageId: number, items: readonly DeclarationItem[]) {
  await replaceItems(tx, packageId, items);
  const value = packageValueOf(items);
  await tx
    .update(packages)
    .set({
      declarationComplete: value.complete,
      quantity: value.quantity,
      unitPrice: value.unitPrice.toFixed(2),
      totalPrice: value.totalValue.toFixed(2),
    })
    .where(eq(packages.id, packageId));
}

/** Replaces a (locked) package's items, leaving the package row as it is. */
export async function replaceItems(tx: Executor, packageId: number, items: readonly DeclarationItem[]) {
  await tx.delete(declarationItems).where(eq(declarationItems.packageId, packageId));
  await insertDeclarationItems(tx, packageId, items);
}

/** Sets one (locked) package's declaration completeness. */
export async function setDeclarationComplete(tx: Executor, packageId: number, complete: boolean) {
  await tx.update(packages).set({ declarationComplete: complete }).where(eq(packages.id, packageId));
}

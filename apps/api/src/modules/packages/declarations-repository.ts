import { isCountryName } from '@hopbox/contracts/countries';
import { declarationTotal, isDeclarationComplete } from '@hopbox/contracts/declaration-rules';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { shareOf, toMajor, toMinor } from '@hopbox/contracts/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
 * Items read in one query at most: a shipment of a hundred fully declared packages (5,000 items) is read in short
 * steps, the event loop free in between (the embedded database runs on it), while the usual few items of many
 * packages (a list of consolidations) are one query, not one per handful of packages.
 */
const ITEMS_PER_READ = 250;

/** The declared items of these packages, in each one's order, by package id. */
export async function declarationItemsOf(db: Executor, packageIds: readonly number[]) {
  const byPackage = new Map<number, DeclarationItem[]>(packageIds.map((id) => [id, []]));
  if (packageIds.length === 0) return byPackage;
  let after: { packageId: number; position: number } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(declarationItems)
      .where(
        and(
          inArray(declarationItems.packageId, [...packageIds]),
          after && sql`(${declarationItems.packageId}, ${declarationItems.position}) > (${after.packageId}, ${after.position})`,
        ),
      )
      .orderBy(asc(declarationItems.packageId), asc(declarationItems.position))
      .limit(ITEMS_PER_READ);
    for (const r of rows) byPackage.get(r.packageId)?.push(itemOf(r));
    const last = rows.at(-1);
    if (rows.length < ITEMS_PER_READ || !last) return byPackage;
    after = last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const itemOf = (r: typeof declarationItems.$inferSelect): DeclarationItem => ({
  description: r.description,
  hsCode: r.hsCode,
  quantity: r.quantity,
  unitValue: Number(r.unitValue),
  currency: r.currency,
  originCountry: r.originCountry,
});

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

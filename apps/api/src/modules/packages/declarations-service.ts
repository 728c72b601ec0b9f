import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { messages } from '@hopbox/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, heldByPayment } from '../../lib/errors.ts';
import * as repo from './declarations-repository.ts';
import { getUserPackage } from './packages-service.ts';

const inShipment = () => conflict(messages.packages.packageInShipment, undefined, 'PACKAGE_IN_SHIPMENT');

/** What the customer sends for one item, once the contracts schema parsed it. */
export interface DeclarationItemValues {
  description: string;
  hsCode: string | null;
  quantity: number;
  unitValue: number;
  currency?: string;
  originCountry: string;
}

/** The package's declaration: its items, whether it is complete, and its total in the package's currency. */
export async function getDeclaration(deps: AppDeps, userId: number, id: number) {
  const pkg = await getUserPackage(deps, userId, id);
  const items = (await repo.declarationItemsOf(deps.db, [pkg.id])).get(pkg.id) ?? [];
  const { complete, totalValue } = repo.declarationSummary(items);
  return { items, complete, totalValue, currency: pkg.currency };
}

/**
 * Replaces every item of the declaration of a package still in the locker. The package row is locked for the
 * replace, so a shipment created at the same moment takes the package either before (409 here) or after it.
 */
export async function replaceDeclaration(deps: AppDeps, userId: number, id: number, input: { items: DeclarationItemValues[] }) {
  const pkg = await getUserPackage(deps, userId, id);
  if (pkg.shipmentId !== null) throw inShipment();
  const items: DeclarationItem[] = input.items.map((item, i) => {
    // An item is declared in the package's currency: another one would make the total meaningless.
    if (item.currency && item.currency !== pkg.currency) {
      throw badRequest(`Currency must be the package's (${pkg.currency})`, `items.${i}.currency`);
    }
    return {
      description: item.description,
      hsCode: item.hsCode,
      quantity: item.quantity,
      unitValue: item.unitValue,
      currency: pkg.currency,
      originCountry: item.originCountry,
    };
  });
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockLockerPackage(tx, userId, id);
    if (!row) throw inShipment();
    if (row.openPaymentId !== null) throw heldByPayment();
    await repo.replaceDeclaration(tx, id, items);
  });
  return getDeclaration(deps, userId, id);
}

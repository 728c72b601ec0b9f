import { createHash } from 'node:crypto';
import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import type { DeclarationItem } from '@hopbox/contracts/declarations';
import { messages } from '@hopbox/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, heldByPayment } from '../../lib/errors.ts';
import * as repo from './declarations-repository.ts';
import { getUserPackage } from './packages-service.ts';
import { assertStillInLocker } from './still-in-locker.ts';

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
  return { items, complete, totalValue, currency: pkg.currency, version: versionOf(items) };
}

/**
 * Which declaration the items make (decision 055): a digest of them, so any change (the declaration saved, or
 * Edit Package following a one-item declaration) makes a new one, and the same items always the same one.
 */
function versionOf(items: readonly DeclarationItem[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 22);
}

/**
 * Replaces every item of the declaration of a package still in the locker. The package row is locked for the
 * replace, so a shipment created at the same moment takes the package either before (409 here) or after it.
 */
export async function replaceDeclaration(
  deps: AppDeps,
  userId: number,
  id: number,
  input: { items: DeclarationItemValues[]; version?: string },
) {
  const pkg = await getUserPackage(deps, userId, id);
  assertStillInLocker(pkg);
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
    // Saved over a declaration the customer did not see, it would quietly put back what they had changed elsewhere.
    if (input.version !== undefined) {
      const stored = (await repo.declarationItemsOf(tx, [id])).get(id) ?? [];
      if (versionOf(stored) !== input.version) throw conflict(declarationMessages.changed, 'items', 'DECLARATION_CHANGED');
    }
    await repo.replaceDeclaration(tx, id, items);
  });
  return getDeclaration(deps, userId, id);
}

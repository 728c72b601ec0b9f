import { messages } from '@hopbox/contracts/messages';
import { packageRequestMessages } from '@hopbox/contracts/package-requests';
import { conflict } from '../../lib/errors.ts';

/**
 * What the customer may still change, declare or ask photos of: a package waiting in the locker. One that left it
 * (returned, discarded, split: decision 061) or went into a shipment answers 409, each saying which.
 */
export function assertStillInLocker(pkg: { shipmentId: number | null; leftAs: string | null }) {
  if (pkg.leftAs !== null) throw conflict(packageRequestMessages.packageLeft, undefined, 'PACKAGE_LEFT');
  if (pkg.shipmentId !== null) throw conflict(messages.packages.packageInShipment, undefined, 'PACKAGE_IN_SHIPMENT');
}

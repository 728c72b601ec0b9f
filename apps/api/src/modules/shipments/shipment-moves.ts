import { SHIPMENT_MOVE_MAILS, type ShipmentStatus } from '@hopbox/contracts/lifecycles';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { TrackedShipment } from '../../providers/mail/templates.ts';
import { notify } from '../notifications/notifications-service.ts';
import * as repo from './shipments-repository.ts';

/** When a shipment reached Shipped or Delivered, by the app's clock: a claim's windows are reckoned from it (decision 065). */
function stampOf(to: ShipmentStatus, now: Date) {
  if (to === 'Shipped') return { shippedAt: now };
  if (to === 'Delivered') return { deliveredAt: now };
  return {};
}

/**
 * Moves a shipment along its lifecycle (staff at the dock, a booking, the carrier's tracking) and has the move's
 * effects: the time it reached Shipped or Delivered, and the mail SHIPMENT_MOVE_MAILS names for it, queued in the
 * caller's transaction. A move the table does not allow from the shipment's status (or that another request made
 * first) changes nothing, sends nothing and answers undefined; so each mail goes out at most once per shipment, ever.
 */
export async function moveShipment(
  deps: AppDeps,
  tx: Executor,
  id: number,
  to: ShipmentStatus,
  options: { set?: Parameters<typeof repo.moveShipment>[3]; event?: TrackedShipment['event'] } = {},
) {
  const moved = await repo.moveShipment(tx, id, to, { ...stampOf(to, deps.clock.now()), ...options.set });
  const mail = moved ? SHIPMENT_MOVE_MAILS[to] : undefined;
  if (moved && mail) {
    await notify[mail](deps, tx, moved.userId, {
      shipmentId: moved.shipmentId,
      awb: moved.awb,
      carrier: moved.carrier,
      event: options.event,
    });
  }
  return moved;
}

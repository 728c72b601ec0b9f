// The console's dispatch rules, apart from shipments.ts so the customer's pages do not load them.

import { lifecycleMessages } from './lifecycle-messages.ts';
import { canMove, SHIPMENT_LIFECYCLE, type ShipmentStatus } from './lifecycles.ts';
import { DISPATCH_STATUSES, type DispatchStatus } from './shipments.ts';
import { carrierLabel } from './tracking.ts';

/**
 * Why staff may not move a paid shipment to `to` by hand, or null when they may. It moves forward only (the
 * shipment lifecycle); one booked with a carrier through the console follows the carrier's tracking instead.
 * Moving to the status it has is no move (staff save its AWB or date).
 */
export function dispatchMoveProblem(
  current: { shipmentStatus: string; carrier: string | null },
  to: ShipmentStatus,
): { message: string; code: 'INVALID_TRANSITION' } | null {
  if (to === current.shipmentStatus) return null;
  if (current.carrier)
    return {
      message: lifecycleMessages.shipments.followsTracking(carrierLabel(current.carrier) ?? current.carrier),
      code: 'INVALID_TRANSITION',
    };
  if (!canMove(SHIPMENT_LIFECYCLE, current.shipmentStatus as ShipmentStatus, to))
    return { message: lifecycleMessages.shipments.invalidMove(current.shipmentStatus, to), code: 'INVALID_TRANSITION' };
  return null;
}

/** The dispatch statuses staff may choose for a shipment by hand: forward of where it is, nothing for one the carrier tracks. */
export function dispatchChoices(current: { shipmentStatus: string; carrier: string | null }): DispatchStatus[] {
  if (current.carrier) return [];
  return DISPATCH_STATUSES.filter((to) => canMove(SHIPMENT_LIFECYCLE, current.shipmentStatus as ShipmentStatus, to));
}

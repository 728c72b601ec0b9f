/** What the console can do with a shipment and the carrier. */
export type CarrierState =
  /** Paid, on the ground, no AWB: it can be booked. */
  | 'bookable'
  /** Booked from the console: its label prints and its tracking reads. */
  | 'booked'
  /** Its AWB was typed by hand: the carrier that issued it prints its label. */
  | 'by-hand'
  /** Not paid, or already left without a booking: nothing to do with the carrier. */
  | 'none';

interface CarrierFacts {
  paymentStatus: string;
  shipmentStatus: string;
  awb: string | null;
  carrier: string | null;
}

/** The shipment's standing with the carrier, as the API's booking rules read it. */
export function carrierStateOf(shipment: CarrierFacts): CarrierState {
  if (shipment.carrier && shipment.awb) return 'booked';
  if (shipment.awb) return 'by-hand';
  const onTheGround = shipment.shipmentStatus === 'Finalized' || shipment.shipmentStatus === 'Processed';
  return shipment.paymentStatus === 'Paid' && onTheGround ? 'bookable' : 'none';
}

/** A booked shipment's tracking can still move until it is delivered. */
export const canRefreshTracking = (shipment: CarrierFacts) =>
  carrierStateOf(shipment) === 'booked' && shipment.shipmentStatus !== 'Delivered';

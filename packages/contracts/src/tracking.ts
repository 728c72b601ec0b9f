/**
 * A shipment's journey with the carrier (issue "Carrier"), zod-free so the portal's pages can read
 * it without the schema library. The schemas of the tracking answers are in `shipments.ts`.
 */

/** Carriers a shipment can be booked with from the console. */
export const CARRIERS = { sandbox: 'Hopbox Sandbox', c3x: 'C3X Express', dhl: 'DHL Express' } as const;
export type CarrierName = keyof typeof CARRIERS;
export const CARRIER_NAMES = ['sandbox', 'c3x', 'dhl'] as const satisfies readonly CarrierName[];

/** A carrier's name as customers and staff read it; an AWB typed by hand has no carrier. */
export const carrierLabel = (carrier: string | null) => (carrier ? (CARRIERS[carrier as CarrierName] ?? carrier) : null);

/**
 * What a tracking event means for the shipment, whatever the carrier calls it: the first `picked-up`
 * makes it Shipped, `delivered` (proof of delivery) makes it Delivered.
 */
export const TRACKING_STAGES = ['picked-up', 'in-transit', 'out-for-delivery', 'delivered', 'exception', 'info'] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

/** The sandbox carrier's journey, one step further each time a booked shipment's tracking is read. */
export const SANDBOX_JOURNEY = [
  { code: 'PU', stage: 'picked-up', status: 'Picked up' },
  { code: 'DF', stage: 'in-transit', status: 'Departed origin facility' },
  { code: 'AF', stage: 'in-transit', status: 'Arrived at destination facility' },
  { code: 'OD', stage: 'out-for-delivery', status: 'Out for delivery' },
  { code: 'DL', stage: 'delivered', status: 'Delivered' },
] as const satisfies readonly { code: string; stage: TrackingStage; status: string }[];

/** One event of the timeline, as the tracking answer and the sent list give it. */
export interface TrackingEvent {
  /** ISO date and time of the event. */
  at: string;
  status: string;
  location: string | null;
  description: string | null;
}

/** Where customers follow a shipment: Sent Shipments opens its timeline from this link. */
export const trackingPath = (shipmentId: string) => `/sent-shipment?track=${encodeURIComponent(shipmentId)}`;

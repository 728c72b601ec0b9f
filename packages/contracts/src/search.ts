import { z } from 'zod';
import { packageSchema } from './packages.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchMessages } from './search-limits.ts';
import { SENT_STATUSES, sentShipmentSchema } from './shipments.ts';

export * from './search-limits.ts';

export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.tooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, searchMessages.tooShort)
    .max(SEARCH_MAX_LENGTH, searchMessages.tooLong),
});

/** A package of the customer's found by Hopbox ID or tracking number, and the list that shows it. */
export const packageHitSchema = packageSchema
  .pick({ hopboxId: true, externalTrackingNumber: true, shipper: true, packageContent: true })
  .extend({
    /** The shipment it travels in, when it has left the locker. */
    shipmentId: z.string().nullable(),
    /** Where the palette goes: Received Packages, or its shipment's list, searched for the package. */
    to: z.string(),
  });
export type PackageHit = z.infer<typeof packageHitSchema>;

/** A shipment of the customer's found by shipment ID or AWB (its tracking number). */
export const shipmentHitSchema = sentShipmentSchema.pick({ shipmentId: true, awb: true, shipmentStatus: true }).extend({
  isConsolidated: z.boolean(),
  /** Shipments Progress for a consolidation still open, Sent Shipment once paid; searched for it. */
  to: z.string(),
});
export type ShipmentHit = z.infer<typeof shipmentHitSchema>;

export const searchResultsSchema = z.object({
  packages: z.array(packageHitSchema),
  shipments: z.array(shipmentHitSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The customer's lists and the search parameter they read (`useListParams`). */
export const SEARCH_DESTINATIONS = {
  receivedPackages: '/received-packages',
  shipmentsProgress: '/shipments-progress',
  sentShipment: '/sent-shipment',
} as const;

export const searchedList = (list: string, q: string) => `${list}?q=${encodeURIComponent(q)}`;

/** The list a shipment shows in: Sent Shipment once paid (SENT_STATUSES), Shipments Progress before. */
export const shipmentListOf = (shipmentStatus: string) =>
  (SENT_STATUSES as readonly string[]).includes(shipmentStatus) ? SEARCH_DESTINATIONS.sentShipment : SEARCH_DESTINATIONS.shipmentsProgress;

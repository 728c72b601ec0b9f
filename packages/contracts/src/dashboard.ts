import { z } from 'zod';

/** The four counts of the dashboard's stat cards. */
export const dashboardSummarySchema = z.object({
  receivedPackages: z.number().int(),
  shipmentsInProgress: z.number().int(),
  sentShipments: z.number().int(),
  photoRequests: z.number().int(),
  /** Consolidations packed, ready to ship and waiting for the customer's payment (decision 026). */
  readyToPay: z.number().int(),
  /** The oldest of them, which the banner's Pay action opens; null when there is none. */
  readyToPayShipmentId: z.string().nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

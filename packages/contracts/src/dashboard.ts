import { z } from 'zod';

/** The four counts of the dashboard's stat cards. */
export const dashboardSummarySchema = z.object({
  receivedPackages: z.number().int(),
  shipmentsInProgress: z.number().int(),
  sentShipments: z.number().int(),
  photoRequests: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

import { z } from 'zod';
import { countsSchema } from './counts.ts';

/**
 * A card's activity in two calendar months (UTC, decision 031): what happened since the first of this
 * month, and in the whole of last month.
 */
export const monthTrendSchema = countsSchema('thisMonth', 'lastMonth');
export type MonthTrend = z.infer<typeof monthTrendSchema>;

/** The four counts of the dashboard's stat cards, with each card's month-on-month activity. */
export const dashboardSummarySchema = z.object({
  receivedPackages: z.number().int(),
  shipmentsInProgress: z.number().int(),
  sentShipments: z.number().int(),
  photoRequests: z.number().int(),
  /** Consolidations packed, ready to ship and waiting for the customer's payment (decision 026). */
  readyToPay: z.number().int(),
  /** The oldest of them, which the banner's Pay action opens; null when there is none. */
  readyToPayShipmentId: z.string().nullable(),
  /** What the customer's account balance holds (decision 063), in AED; 0 when there is nothing. */
  accountBalance: z.number(),
  /** False until the first package reaches the customer's locker: the dashboard then shows how it works. */
  hasReceivedPackage: z.boolean(),
  /**
   * Packages in the locker whose free storage ends within 7 days (STORAGE_WARNING_DAYS, days left 1 to 7)
   * and those whose free storage has ended, so storage fees accrue (issue "Declare, insure"); `withinDays` is
   * that window, so the page says it without loading the storage rules.
   */
  storage: countsSchema('endingSoon', 'accruing', 'withinDays'),
  /**
   * Per card: packages received (received date), consolidations created, shipments sent (order date,
   * the day they were paid) and photo requests made (requested date).
   */
  trends: z.object({
    receivedPackages: monthTrendSchema,
    shipmentsInProgress: monthTrendSchema,
    sentShipments: monthTrendSchema,
    photoRequests: monthTrendSchema,
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type DashboardCard = keyof DashboardSummary['trends'];

export { monthStarts, type TrendLine, trendLine } from './trends.ts';

import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { runHousekeeping } from '../housekeeping/housekeeping-service.ts';
import { sendStorageReminders } from '../packages/storage-reminders.ts';
import { reconcilePendingPayments } from '../payments/payments-service.ts';
import { pollTracking } from '../shipments/carrier-service.ts';
import type { Job } from './job-runner.ts';

/** "15 minutes", "1 hour", "90 seconds". */
function inWords(seconds: number): string {
  if (seconds === 0) return '0 seconds';
  const [size, unit] = seconds % 3600 === 0 ? [3600, 'hour'] : seconds % 60 === 0 ? [60, 'minute'] : [1, 'second'];
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The tracking round wakes at least this often, so a shipment booked meanwhile waits about one interval at most. */
const TRACKING_WAKE_SECONDS = 60;

/**
 * Every background job of the API, in one list (decision 042): what it does, how often (from the settings in
 * README.md's Environment table, whose 0 means "only at start-up" for some and "never" for others, kept here),
 * and its round. server.ts runs the list on one job runner; GET /api/admin/jobs reads it for admins.
 */
export function jobList(config: Config): Job<AppDeps>[] {
  const tracking = config.trackingIntervalSeconds;
  return [
    {
      name: 'mail',
      title: 'Mail',
      description:
        'Sends the queued mail, also right after each is queued. A failed send is tried again about 30 s, 1, 2, 4 and 8 minutes later, then listed on the Mail page.',
      // 0: never on a schedule; mail still goes out right after it is queued.
      intervalMs: config.mailWorkerIntervalMs,
      runAtStart: false,
      run: (deps) => deps.mailWorker.round(),
    },
    {
      name: 'tracking',
      title: 'Tracking',
      description:
        tracking > 0
          ? `Reads the carrier's events of each booked, undelivered shipment every ${inWords(tracking)} and moves it to Shipped and Delivered, with a mail each.`
          : "Reads the carrier's events only when staff ask (Refresh tracking): TRACKING_INTERVAL_SECONDS is 0.",
      // The round wakes more often than the interval; each shipment's last read decides whether it is due.
      intervalMs: tracking > 0 ? Math.min(tracking, TRACKING_WAKE_SECONDS) * 1000 : 0,
      runAtStart: tracking > 0,
      run: (deps) => pollTracking(deps, tracking),
    },
    {
      name: 'storage-reminders',
      title: 'Storage reminders',
      description: "Mails customers whose packages' free storage ends within 7 or 2 days, each reminder once.",
      // 0: never, not even at start-up (the browser journeys run so).
      intervalMs: config.storageReminderIntervalMinutes * 60_000,
      runAtStart: config.storageReminderIntervalMinutes > 0,
      run: (deps) => sendStorageReminders(deps),
    },
    {
      name: 'reconciliation',
      title: 'Payment reconciliation',
      description: `Asks the payment provider about payments still pending after ${inWords(config.reconcileMinAgeSeconds)}: captured ones finalize their shipment, unpaid ones expire after 30 minutes, and money captured late is flagged for attention.`,
      // 0: only at start-up.
      intervalMs: config.reconcileIntervalSeconds * 1000,
      runAtStart: true,
      run: (deps) => reconcilePendingPayments(deps, config.reconcileMinAgeSeconds * 1000),
    },
    {
      name: 'housekeeping',
      title: 'Housekeeping',
      description: `Trims tables that only grow: sent mail loses its body after ${config.mailRetentionDays} days; expired rate-limit counters, sign-in and reset tokens and price quotes are deleted.`,
      // 0: only at start-up.
      intervalMs: config.housekeepingIntervalMinutes * 60_000,
      runAtStart: true,
      run: (deps) => runHousekeeping(deps),
    },
  ];
}

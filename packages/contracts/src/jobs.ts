import { z } from 'zod';

/**
 * What one round of a background job did, as counts: `{ sent: 3 }`, `{ checked: 2, settled: 1 }`
 * (decision 042). The keys are the job's own; JOB_SUMMARY_LABELS says them in words.
 */
export const jobSummarySchema = z.record(z.string(), z.number());
export type JobSummary = z.infer<typeof jobSummarySchema>;

/**
 * A background job of the one job list and its latest round, run by whichever API process ran it last
 * (GET /api/admin/jobs). A job that never ran has nulls for every `last…` field.
 */
export const jobSchema = z.object({
  /** The job's key in the list, e.g. `storage-reminders`. */
  name: z.string(),
  /** Its name in words, e.g. "Storage reminders". */
  title: z.string(),
  /** What a round does. */
  description: z.string(),
  /** Seconds between rounds on the schedule (each within ±10 %); 0: never on a schedule. */
  intervalSeconds: z.number().int(),
  /** Whether each process runs a round as it starts (with an interval of 0: only then). */
  runAtStart: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** The latest failure's message (never a stack or a statement's parameters), kept after later rounds succeed. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Whether the latest round is the one that failed; the next round that succeeds clears it. */
  lastRoundFailed: z.boolean(),
  /** The latest successful round's counts; null when the latest round failed. */
  lastSummary: jobSummarySchema.nullable(),
  /** Which process ran the latest round: `host:pid`. */
  lastRunBy: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobsAnswerSchema = z.object({ success: z.literal(true), data: z.array(jobSchema) });

/** The counts of the jobs' summaries in words, for "3 mails sent · 1 failed". */
export const JOB_SUMMARY_LABELS: Readonly<Record<string, string>> = {
  sent: 'mails sent',
  read: 'shipments read',
  failed: 'reads failed',
  packages: 'packages reminded',
  customers: 'customers mailed',
  checked: 'payments checked',
  settled: 'payments settled',
  mailBodiesCleared: 'mail bodies cleared',
  rateLimitsPruned: 'rate-limit counters removed',
  tokensPruned: 'expired tokens removed',
  quotesPruned: 'expired quotes removed',
};

/** "3 mails sent · 0 reads failed"; "Nothing to do" when the round counted nothing at all. */
export function jobSummaryText(summary: JobSummary): string {
  const entries = Object.entries(summary);
  if (entries.every(([, n]) => n === 0)) return 'Nothing to do';
  return entries
    .map(([key, n]) => `${n.toLocaleString('en')} ${JOB_SUMMARY_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`)
    .join(' · ');
}

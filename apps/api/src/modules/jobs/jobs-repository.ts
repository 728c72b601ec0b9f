import type { Executor } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';

/** One finished round of a job, as the runner reports it. */
export interface JobRound {
  name: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  /** The round's counts, or null when it failed. */
  summary: Record<string, number> | null;
  /** The failure's message when it failed (already free of stacks and parameters). */
  error: string | null;
  /** `host:pid` of the process that ran it. */
  runBy: string;
}

export type JobRunRow = typeof jobRuns.$inferSelect;

/**
 * Writes a round as its job's latest, in one upsert, whichever process wrote the one before. A failure stamps
 * its error with the round's finish; a success leaves the last error as it was, so admins still see it.
 */
export async function recordJobRound(db: Executor, round: JobRound): Promise<void> {
  const latest = {
    lastStartedAt: round.startedAt,
    lastFinishedAt: round.finishedAt,
    lastDurationMs: round.durationMs,
    lastSummary: round.summary,
    lastRunBy: round.runBy,
  };
  const failure = round.error === null ? {} : { lastError: round.error, lastErrorAt: round.finishedAt };
  await db
    .insert(jobRuns)
    .values({ name: round.name, ...latest, ...failure })
    .onConflictDoUpdate({ target: jobRuns.name, set: { ...latest, ...failure } });
}

/** Every job's latest round, by job name. */
export async function latestJobRounds(db: Executor): Promise<Map<string, JobRunRow>> {
  const rows = await db.select().from(jobRuns);
  return new Map(rows.map((row) => [row.name, row]));
}

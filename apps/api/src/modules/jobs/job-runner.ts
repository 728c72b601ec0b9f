import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { describeDatabaseError, isTransientDatabaseError } from '../../db/errors.ts';
import type { JobRound } from './jobs-repository.ts';

/** What a round did, as counts (`{ sent: 3 }`); shown to admins and logged when any is above 0. */
export type JobSummary = Record<string, number>;

/** A background job of the job list (decision 042). */
export interface Job<D> {
  /** Its key: the row of `job_runs` and the name in logs. */
  name: string;
  title: string;
  description: string;
  /** Between rounds on the schedule, each wait within ±10 %; 0: never on a schedule (a round still runs on demand). */
  intervalMs: number;
  /** A round as the process starts; with an interval of 0, the only one on the schedule. */
  runAtStart: boolean;
  run(deps: D): Promise<JobSummary>;
}

export interface JobRunner {
  /** Puts the jobs on their schedules (only `names`, when given): a round now for those that run at start. */
  start(names?: readonly string[]): void;
  /**
   * A round of the job now; while one runs, one more after it (however many ask meanwhile), so rounds never
   * overlap. Resolves with the round's counts, or null when it failed (it is logged and recorded) or the
   * runner has stopped.
   */
  run(name: string): Promise<JobSummary | null>;
  /** Resolves once the rounds running now (and any asked for) are over, recorded included; the schedules go on. */
  idle(): Promise<void>;
  /** No further rounds; resolves once the rounds running (and any asked for) are over, recorded included. */
  stop(): Promise<void>;
}

/** How far each wait strays from the interval, either way, so several processes do not fire together. */
export const JITTER = 0.1;

/** The interval stretched or shrunk by up to JITTER, at random. */
export function jittered(intervalMs: number, random: () => number = Math.random): number {
  return Math.round(intervalMs * (1 - JITTER + 2 * JITTER * random()));
}

/** Names this process in the rounds it records: the machine and the process. */
export function processName(): string {
  return `${hostname().slice(0, 60)}:${process.pid}`;
}

const MESSAGE_MAX = 500;

/**
 * A failure in one line for admins: the message only, never a stack; for a database failure the driver's
 * message and code (describeDatabaseError), never Drizzle's, which carries the statement's parameters.
 */
export function failureMessage(err: unknown): string {
  const { code, message } = describeDatabaseError(err);
  const text = code ? `${message} (${code})` : message;
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

interface JobState<D> {
  job: Job<D>;
  running: Promise<JobSummary | null> | null;
  /** The one round asked for while another ran: it starts when that one ends. */
  queued: Promise<JobSummary | null> | null;
  started: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The one runner of the background jobs (decision 042): one round of a job at a time in this process, each wait
 * on the schedule jittered, `stop()` waiting for running rounds, and every round's start, finish, duration,
 * counts or error written through `record` (jobs-repository's recordJobRound), which may fail without failing
 * anything. A passing database failure is a warning (the next round tries again); anything else an error.
 */
export function createJobRunner<D>(options: {
  jobs: readonly Job<D>[];
  deps: D;
  log: FastifyBaseLogger;
  record?: (round: JobRound) => Promise<void>;
  /** Who the rounds are recorded as; this process by default. */
  runBy?: string;
}): JobRunner {
  const { log } = options;
  const runBy = options.runBy ?? processName();
  const states = new Map<string, JobState<D>>(options.jobs.map((job) => [job.name, { job, running: null, queued: null, started: false }]));
  let stopped = false;

  async function record(round: JobRound) {
    if (!options.record) return;
    try {
      await options.record(round);
    } catch (err) {
      log.warn({ job: round.name, reason: failureMessage(err) }, 'job round not recorded');
    }
  }

  async function round(job: Job<D>): Promise<JobSummary | null> {
    const startedAt = new Date();
    const began = performance.now();
    let summary: JobSummary | null = null;
    let error: string | null = null;
    try {
      summary = await job.run(options.deps);
      if (Object.values(summary).some((n) => n > 0)) log.info({ job: job.name, ...summary }, `${job.name}: round done`);
    } catch (err) {
      error = failureMessage(err);
      if (isTransientDatabaseError(err)) {
        log.warn({ job: job.name, database: describeDatabaseError(err) }, `${job.name}: database unavailable, trying again next round`);
      } else if (describeDatabaseError(err).code !== undefined) {
        log.error({ job: job.name, database: { message: error } }, `${job.name}: round failed`);
      } else {
        log.error({ job: job.name, err }, `${job.name}: round failed`);
      }
    }
    const durationMs = Math.round(performance.now() - began);
    await record({ name: job.name, startedAt, finishedAt: new Date(), durationMs, summary, error, runBy });
    return summary;
  }

  function begin(state: JobState<D>): Promise<JobSummary | null> {
    const running = round(state.job).finally(() => {
      state.running = null;
    });
    state.running = running;
    return running;
  }

  function run(name: string): Promise<JobSummary | null> {
    const state = states.get(name);
    if (!state) return Promise.reject(new Error(`No job named "${name}"`));
    if (stopped) return Promise.resolve(null);
    if (state.queued) return state.queued;
    if (!state.running) return begin(state);
    state.queued = state.running.then(() => {
      state.queued = null;
      return stopped ? null : (state.running ?? begin(state));
    });
    return state.queued;
  }

  async function idle() {
    await Promise.all([...states.values()].flatMap((state) => [state.running, state.queued]));
  }

  function schedule(state: JobState<D>) {
    if (stopped || state.job.intervalMs <= 0) return;
    state.timer = setTimeout(() => {
      // A round still running when the next is due: that one is skipped, never run beside it.
      if (!state.running && !state.queued) void begin(state);
      schedule(state);
    }, jittered(state.job.intervalMs));
    state.timer.unref();
  }

  return {
    start(names) {
      for (const state of states.values()) {
        if (stopped || state.started || (names && !names.includes(state.job.name))) continue;
        state.started = true;
        if (state.job.runAtStart) void run(state.job.name);
        schedule(state);
      }
    },
    run,
    idle,
    async stop() {
      stopped = true;
      for (const state of states.values()) clearTimeout(state.timer);
      await idle();
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { markSessionSeen } from './sessions-repository.ts';

const MAX_ENTRIES = 10_000;

/**
 * Keeps each session's last seen time and address (decision 050) without costing the signed-in request anything
 * but a map lookup: a session is written at most once per interval per process, in the background, with a
 * conditional update that also leaves it alone when another process wrote it within the interval.
 */
export class SessionActivity {
  /** When this process last wrote each session (clock milliseconds); the oldest entry goes first when full. */
  private readonly writtenAt = new Map<number, number>();
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly deps: { db: Database; clock: Clock; log: FastifyBaseLogger },
    private readonly intervalMs: number,
  ) {}

  /** The session made a request from `ipAddress` now; returns at once, the write (if due) goes on in the background. */
  seen(sessionId: number, ipAddress: string) {
    const now = this.deps.clock.now();
    const last = this.writtenAt.get(sessionId);
    if (last !== undefined && now.getTime() - last < this.intervalMs) return;
    this.writtenAt.delete(sessionId);
    if (this.writtenAt.size >= MAX_ENTRIES) this.writtenAt.delete(this.writtenAt.keys().next().value as number);
    this.writtenAt.set(sessionId, now.getTime());
    const write = markSessionSeen(this.deps.db, sessionId, ipAddress, now, new Date(now.getTime() - this.intervalMs))
      .catch((err: unknown) => this.deps.log.warn({ err, sessionId }, 'could not record when the session was last seen'))
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Waits for the writes under way (before the database closes, and in tests). */
  async settled() {
    await Promise.all([...this.writing]);
  }
}

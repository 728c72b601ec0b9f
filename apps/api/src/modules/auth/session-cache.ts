import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { AuthUser } from './sessions-repository.ts';

/** The channel on which every API process hears that a session or its user changed (decision 021). */
export const SESSION_CHANGE_CHANNEL = 'hopbox_session_change';
const MAX_ENTRIES = 10_000;

/** What changed: every session of a user (password, email, profile) or one session (logout, reuse). */
export type SessionChange = { userId: number } | { sessionId: number };

const encode = (change: SessionChange) => ('userId' in change ? `u:${change.userId}` : `s:${change.sessionId}`);
function decode(payload: string | undefined): SessionChange | null {
  const [kind, raw] = (payload ?? '').split(':');
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) return null;
  return kind === 'u' ? { userId: id } : kind === 's' ? { sessionId: id } : null;
}

interface Entry {
  user: AuthUser;
  expiresAtMs: number;
}

/**
 * The users of live sessions, kept a few seconds so that a signed-in request does not wait for the
 * session query (it was the third round trip of every list request). A change is forgotten at once in
 * this process and, through PostgreSQL's NOTIFY, in every other process; the time to live bounds how
 * long a process that missed the notice (its listening connection was down) could trust a stale entry.
 */
export class SessionCache {
  private readonly entries = new Map<number, Entry>();
  /** The loads under way, by session: at most one per session, gone once it answers. */
  private readonly loading = new Map<number, { userId: number; started: number; answer: Promise<AuthUser | undefined> }>();
  /** Counts the changes heard; a load that started before a change to its user is not kept. */
  private changes = 0;
  private readonly changedAt = new Map<string, number>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly handle: { db: Database; listen?: DatabaseHandle['listen'] },
    private readonly ttlMs: number,
  ) {}

  /** Starts hearing the other processes' changes. */
  async listen() {
    if (this.ttlMs <= 0 || !this.handle.listen) return;
    this.stopListening = await this.handle.listen(
      SESSION_CHANGE_CHANNEL,
      (payload) => {
        const change = decode(payload);
        if (change) this.forgetLocally(change);
        // While the connection is down, changes may be missed: trust nothing that was cached before.
      },
      () => this.clear(),
    );
  }

  async close() {
    await this.stopListening?.();
    this.stopListening = null;
    this.clear();
  }

  /**
   * The session's user: from the cache while it is fresh, otherwise from `load` (the database). The
   * requests that find the entry expired together wait for one load, instead of each asking the
   * database at the same moment; a load that a change to the session or its user overtook is not shared.
   */
  async user(sessionId: number, userId: number, load: () => Promise<AuthUser | undefined>) {
    const hit = this.entries.get(sessionId);
    if (hit && hit.expiresAtMs > Date.now() && hit.user.id === userId) return hit.user;
    const pending = this.loading.get(sessionId);
    if (pending && pending.userId === userId && !this.changedSince(pending.started, sessionId, userId)) return pending.answer;
    const started = this.changes;
    const answer = load().then((user) => {
      if (user && this.ttlMs > 0 && !this.changedSince(started, sessionId, userId)) this.remember(sessionId, user);
      return user;
    });
    if (this.ttlMs <= 0) return answer;
    this.loading.set(sessionId, { userId, started, answer });
    const done = () => {
      if (this.loading.get(sessionId)?.answer === answer) this.loading.delete(sessionId);
    };
    answer.then(done, done);
    return answer;
  }

  /** Forgets the change here and tells every other process; call it after the change is committed. */
  async changed(change: SessionChange) {
    this.forgetLocally(change);
    // Told even when this process holds nothing (SESSION_CACHE_SECONDS=0): the others may.
    await this.handle.db.execute(sql`select pg_notify(${SESSION_CHANGE_CHANNEL}, ${encode(change)})`);
  }

  private forgetLocally(change: SessionChange) {
    this.changes += 1;
    if (this.changedAt.size >= MAX_ENTRIES) this.clear();
    this.changedAt.set(encode(change), this.changes);
    if ('sessionId' in change) this.entries.delete(change.sessionId);
    else for (const [id, entry] of this.entries) if (entry.user.id === change.userId) this.entries.delete(id);
  }

  private changedSince(started: number, sessionId: number, userId: number) {
    const latest = Math.max(
      this.changedAt.get(`u:${userId}`) ?? -1,
      this.changedAt.get(`s:${sessionId}`) ?? -1,
      this.changedAt.get('*') ?? -1,
    );
    return latest > started;
  }

  private remember(sessionId: number, user: AuthUser) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as number);
    this.entries.set(sessionId, { user: Object.freeze(user), expiresAtMs: Date.now() + this.ttlMs });
  }

  private clear() {
    this.entries.clear();
    this.changedAt.clear();
    this.changes += 1;
    this.changedAt.set('*', this.changes);
  }
}

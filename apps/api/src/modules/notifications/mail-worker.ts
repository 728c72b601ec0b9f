import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { describeDatabaseError, isTransientDatabaseError } from '../../db/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import * as outbox from './outbox-repository.ts';

/** Attempts before a message is marked FAILED for admins: about 30 s, 1, 2, 4 and 8 minutes apart. */
export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 30_000;
/** Mails claimed at once; each is confirmed again just before it is sent. */
const BATCH = 10;

/** Names this worker in the claims it records: the machine, the process and this worker. */
function workerName() {
  return `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * Sends the queued mail. Its rounds run on the job runner's schedule (the `mail` job of the job list, every
 * MAIL_WORKER_INTERVAL_MS) and, in between, soon after each enqueue (`kick`); one round at a time either way.
 */
export interface MailWorker {
  /** Sends what is due now; resolves when this round is done (with 0 when it failed: the failure is logged). */
  runOnce(): Promise<number>;
  /** The same round for the job runner: it fails when the round fails, for the runner to log and record. */
  round(): Promise<{ sent: number }>;
  /** Asks for a round soon (after an enqueue), without waiting for it. */
  kick(): void;
  /** No more rounds on request; resolves when the running one is over. */
  stop(): Promise<void>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function createMailWorker(options: { db: Database; mailer: Mailer; storage: Storage; log: FastifyBaseLogger }): MailWorker {
  const worker = workerName();
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function send(message: outbox.OutboxRow) {
    const attachments = [];
    for (const [i, key] of message.attachmentKeys.entries()) {
      const file = await options.storage.get(key);
      const extension = key.slice(key.lastIndexOf('.'));
      if (file)
        attachments.push({
          filename: `photo-${i + 1}${extension}`,
          content: await readAll(file.stream),
          // Stored photos are named by their checked content (jpg, png or webp).
          contentType: IMAGE_TYPES[extension.toLowerCase()] ?? 'application/octet-stream',
          cid: `photo-${i + 1}`,
        });
    }
    await options.mailer.send({
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      attachments,
    });
  }

  /** Mail the transport took whose SENT could not be written (the database blinked): written first next round, never sent again. */
  const deliveredUnrecorded = new Set<number>();

  /** Claimed mail a failed round could not hand back (the database was still away): handed back next round. */
  const unreleased = new Set<number>();

  /** What the last failed round left undone, before anything new is claimed. */
  async function settleLastRound() {
    for (const id of deliveredUnrecorded) {
      await outbox.markSent(options.db, id, worker);
      deliveredUnrecorded.delete(id);
    }
    await outbox.releaseClaims(options.db, [...unreleased], worker);
    unreleased.clear();
  }

  /** Sends one claimed message and records the outcome; answers whether it went out. */
  async function deliver(message: outbox.OutboxRow): Promise<boolean> {
    // Another process took it over (this one was too slow): it is theirs now.
    if (!(await outbox.confirmClaim(options.db, message.id, worker))) return false;
    try {
      await send(message);
    } catch (err) {
      const retry = message.attempts < MAX_ATTEMPTS ? new Date(Date.now() + BASE_BACKOFF_MS * 2 ** (message.attempts - 1)) : null;
      options.log.warn({ err, id: message.id, attempts: message.attempts, retry }, 'mail delivery failed');
      await outbox.markAttemptFailed(options.db, message.id, worker, (err as Error).message ?? String(err), retry);
      return false;
    }
    deliveredUnrecorded.add(message.id);
    if (!(await outbox.markSent(options.db, message.id, worker)))
      options.log.warn({ id: message.id }, 'mail sent after its claim was taken over: it may have gone out twice');
    deliveredUnrecorded.delete(message.id);
    return true;
  }

  async function sendDue(): Promise<number> {
    await settleLastRound();
    let sent = 0;
    for (;;) {
      const due = await outbox.claimDue(options.db, BATCH, worker);
      if (due.length === 0) return sent;
      const untried = new Set(due.map((m) => m.id));
      try {
        for (const message of due) {
          if (await deliver(message)) sent++;
          untried.delete(message.id);
        }
      } catch (err) {
        // A failed round hands back what it has not tried, so that it is not stuck until its claim is stale.
        const handBack = [...untried].filter((id) => !deliveredUnrecorded.has(id));
        await outbox.releaseClaims(options.db, handBack, worker).catch(() => {
          for (const id of handBack) unreleased.add(id);
        });
        throw err;
      }
    }
  }

  /** The running round, or a new one: a round asked for while one runs is joined, and another follows it. */
  function shared(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sendDue().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void runOnce();
      }
    });
    return running;
  }

  function runOnce(): Promise<number> {
    return shared().catch((err) => {
      if (isTransientDatabaseError(err))
        options.log.warn({ database: describeDatabaseError(err) }, 'mail round stopped: database unavailable');
      else options.log.error({ err }, 'mail worker round failed');
      return 0;
    });
  }

  return {
    runOnce,
    round: async () => ({ sent: await shared() }),
    // A short delay lets the enqueuing transaction commit first; the interval catches anything later.
    kick: () => {
      if (!stopped) setTimeout(() => void runOnce(), 25).unref();
    },
    async stop() {
      stopped = true;
      await running?.catch(() => 0);
    },
  };
}

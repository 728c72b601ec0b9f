import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import * as outbox from './outbox-repository.ts';

/** Attempts before a message is marked FAILED for admins: about 30 s, 1, 2, 4 and 8 minutes apart. */
export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 30_000;
const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

export interface MailWorker {
  /** Sends what is due now; resolves when this round is done. */
  runOnce(): Promise<number>;
  /** Asks for a round soon (after an enqueue), without waiting for it. */
  kick(): void;
  stop(): Promise<void>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function createMailWorker(options: {
  db: Database;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  intervalMs: number;
}): MailWorker {
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

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await outbox.claimDue(options.db, 10);
      if (due.length === 0) return sent;
      for (const message of due) {
        try {
          await send(message);
          await outbox.markSent(options.db, message.id);
          sent++;
        } catch (err) {
          const retry = message.attempts < MAX_ATTEMPTS ? new Date(Date.now() + BASE_BACKOFF_MS * 2 ** (message.attempts - 1)) : null;
          options.log.warn({ err, id: message.id, attempts: message.attempts, retry }, 'mail delivery failed');
          await outbox.markAttemptFailed(options.db, message.id, (err as Error).message ?? String(err), retry);
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err) => {
        options.log.error({ err }, 'mail worker round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const timer = options.intervalMs > 0 ? setInterval(() => void runOnce(), options.intervalMs) : undefined;
  timer?.unref();

  return {
    runOnce,
    // A short delay lets the enqueuing transaction commit first; the interval catches anything later.
    kick: () => {
      if (!stopped) setTimeout(() => void runOnce(), 25).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

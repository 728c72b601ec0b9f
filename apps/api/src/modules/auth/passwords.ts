import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE_MAX, PASSWORD_HASH_QUEUE_WAIT_MS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { hash, verify } from '@node-rs/argon2';
import { Semaphore, withTimeout } from 'async-mutex';
import { AppError } from '../../lib/errors.ts';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, parallelism 1. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
  verifyAgainstDummy(password: string): Promise<false>;
}

const busy = (waitMs: number) =>
  new AppError(503, messages.transport.busy, 'Service Unavailable', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });

/**
 * argon2id hashes and checks, at most `concurrency` at once: each takes 19 MiB and a thread for
 * tens of milliseconds, so a flood of sign-ins must not queue without bound. A request waits up to
 * `queueWaitMs` for a turn (and only while fewer than PASSWORD_HASH_QUEUE_MAX wait), then gets a
 * 503 with Retry-After.
 */
export function createPasswordHasher(
  options: { concurrency: number; queueWaitMs: number } = {
    concurrency: PASSWORD_HASH_CONCURRENCY,
    queueWaitMs: PASSWORD_HASH_QUEUE_WAIT_MS,
  },
): PasswordHasher {
  const timeout = new Error('password hashing queue timeout');
  const slots = withTimeout(new Semaphore(options.concurrency), options.queueWaitMs, timeout);
  let waiting = 0;

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (waiting >= PASSWORD_HASH_QUEUE_MAX) throw busy(options.queueWaitMs);
    waiting++;
    let release: () => void;
    try {
      [, release] = await slots.acquire();
    } catch (err) {
      throw err === timeout ? busy(options.queueWaitMs) : err;
    } finally {
      waiting--;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  const hashPassword = (password: string) => withSlot(() => hash(password, OPTIONS));
  const verifyPassword = (passwordHash: string, password: string) =>
    withSlot(async () => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    });
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyAgainstDummy(password) {
      dummyHash ??= hash('not-a-real-password-0', OPTIONS);
      await verifyPassword(await dummyHash, password);
      return false;
    },
  };
}

/** For the CLI and the demo seed, which run outside a server. */
export const defaultPasswordHasher = createPasswordHasher();

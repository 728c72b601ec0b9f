import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Semaphore } from 'async-mutex';

/** At most this many worker threads at once: one core stays with the event loop. */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
const threads = new Semaphore(THREADS);

/** The niceness of a worker thread: under load, the event loop's thread is scheduled first. */
const NICE = 10;

/**
 * A worker first lowers its thread's priority (Linux keeps one per thread, named by /proc/thread-self; elsewhere
 * it keeps the process's). It runs TypeScript the way the server does: the server's own `--import tsx` does not
 * reach worker threads, so a `.ts` module registers tsx's loader in its thread first.
 */
const bootstrap = `
const { workerData } = require('node:worker_threads');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, ${NICE});
} catch {}
const load = workerData.entry.endsWith('.ts') ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve();
load.then(() => import(workerData.entry));
`;

/** tsx's loader, found from here: a worker's own lookups would start from the working directory. */
const TSX_API = (() => {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
})();

export interface WorkerLimits {
  /** The thread is ended and the call fails after this long. */
  timeoutMs: number;
  /** The thread's heap ceiling. */
  heapMb: number;
}

/**
 * Runs the module at `entry` in a worker thread of its own, at most THREADS at once, so CPU-heavy work never
 * holds the event loop. The module reads `workerData.input` and posts one message, its answer.
 */
export async function runInWorker<T>(entry: URL, input: unknown, limits: WorkerLimits): Promise<T> {
  return threads.runExclusive(
    () =>
      new Promise<T>((resolve, reject) => {
        const worker = new Worker(bootstrap, {
          eval: true,
          workerData: { entry: entry.href, tsx: TSX_API, input },
          resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
        });
        const timer = setTimeout(() => {
          reject(new Error(`worker ${entry.pathname} took longer than ${limits.timeoutMs} ms`));
          void worker.terminate();
        }, limits.timeoutMs);
        let answered = false;
        worker.once('message', (answer: T) => {
          answered = true;
          resolve(answer);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          clearTimeout(timer);
          if (!answered) reject(new Error(`worker ${entry.pathname} stopped (exit code ${code}) without an answer`));
        });
      }),
  );
}

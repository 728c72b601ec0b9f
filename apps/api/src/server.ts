import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { embeddedDatabaseHolder, holdEmbeddedDatabase } from './db/embedded-lock.ts';
import { describeDatabaseError, isTransientDatabaseError } from './db/errors.ts';
import { DatabaseStartupError, waitForDatabase } from './db/startup.ts';
import { loggerOptions } from './lib/logger.ts';
import { readableLogStream } from './lib/readable-log.ts';
import { jobList } from './modules/jobs/job-list.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { recordJobRound } from './modules/jobs/jobs-repository.ts';
import { demoAccountsIn, type SeededAccount, seedDemoData } from './seed/demo-seed.ts';

/** How long a stopping process lets its requests in flight finish. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long the demo start waits for its first job rounds and the mails they queue before it prints the accounts. */
const START_SETTLE_MS = 5_000;
/** The levels at which the logger writes info lines. */
const INFO_SHOWN = ['info', 'debug', 'trace'];

async function main() {
  const config = loadConfig();
  // One log format (decision 059): pino's JSON lines in production, for machines; readable lines anywhere else,
  // written in the order they are logged, the address and the demo accounts among them.
  const readable = config.env === 'production' ? undefined : readableLogStream();
  const startLine = (msg: string) => {
    const line = `${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`;
    if (readable) readable.write(line);
    else process.stdout.write(line);
  };
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(config.dataDir);
    if (holder)
      throw new ConfigError(`The embedded database in ${config.dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR.`);
  }
  const release = config.databaseUrl ? () => {} : holdEmbeddedDatabase(config.dataDir);
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, {
      timeoutMs: config.databaseStartupTimeoutMs,
      connectTimeoutMs: config.databaseLimits.connectTimeoutMs,
      log: startLine,
    });
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, listen: database.listen, logger: loggerOptions(config.logLevel, readable) });
  keepServingThroughDatabaseBlips(app.log);
  if (config.seedDemo) await seedDemoData({ db: database.db, log: app.log, storage: app.deps.storage, config });
  // Every background job, from the one list, on one runner (decision 042).
  const jobs = createJobRunner({
    jobs: jobList(config),
    deps: app.deps,
    log: app.log,
    record: (round) => recordJobRound(database.db, round),
  });
  jobs.start();
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Requests in flight get this long to finish; then the process leaves anyway (decision 034).
    setTimeout(() => {
      app.log.warn('requests still running after the grace period: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // No new job rounds; the running ones finish (and are recorded) before the database closes. Meanwhile the
    // app stops accepting, finishes the requests in flight, stops the mail worker and the session listener.
    await Promise.all([jobs.stop(), app.close()]);
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // The demo accounts are the last lines, where a newcomer's eyes land: the start's own work (its first job rounds,
  // the mails they queue) is logged before them, within a bound.
  if (config.seedDemo) {
    const settled = (async () => {
      await jobs.idle();
      await app.deps.mailWorker.runOnce();
    })();
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, START_SETTLE_MS).unref())]);
  }
  const docs = config.apiDocs ? `; API docs at ${config.publicUrl}/docs` : '';
  // Said whatever LOG_LEVEL hides (as `npm start` always did): through the logger where it shows info, else as an info
  // line of the same format.
  const say = (msg: string) => (INFO_SHOWN.includes(config.logLevel) ? app.log.info(msg) : startLine(msg));
  say(`${config.brandName} is running at ${config.publicUrl} (Node.js ${process.version}${docs})`);
  if (config.seedDemo) {
    const accounts = demoAccountsText(await demoAccountsIn(database.db), config.publicUrl);
    if (accounts) say(accounts);
  }
}

/**
 * The last net under the process. A database connection that drops outside any request (a restart, a
 * failover) is logged and the process goes on serving: the pools open new connections as it returns. Anything
 * else that nobody handled leaves the process in a state nobody knows, so it is logged and the process exits
 * for its supervisor to start it again (decision 040).
 */
function keepServingThroughDatabaseBlips(log: { warn: (o: object, m: string) => void; fatal: (o: object, m: string) => void }) {
  const handle = (err: unknown, kind: string) => {
    if (isTransientDatabaseError(err)) {
      log.warn({ database: describeDatabaseError(err) }, `${kind} from the database: still serving`);
      return;
    }
    log.fatal({ err }, `${kind}: exiting`);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => handle(err, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => handle(reason, 'unhandled rejection'));
}

/** The demo accounts as one message of several lines; null when the database holds none of them. */
function demoAccountsText(accounts: SeededAccount[], url: string): string | null {
  if (accounts.length === 0) return null;
  return [
    'Demo accounts (the embedded demo database; the keys are for an authenticator app):',
    ...accounts.map(
      (a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(28)} ${a.password}${a.totpSecret ? `  authenticator key ${a.totpSecret}` : ''}`,
    ),
    `Sign in at ${url}/signin`,
  ].join('\n');
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseStartupError) {
    console.error(err.message);
  } else if (isTransientDatabaseError(err)) {
    console.error(`The database stopped answering during start-up: ${describeDatabaseError(err).message}. Check DATABASE_URL.`);
  } else {
    console.error(err);
  }
  process.exit(1);
});

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { embeddedDatabaseHolder, holdEmbeddedDatabase } from './db/embedded-lock.ts';
import { describeDatabaseError, isTransientDatabaseError } from './db/errors.ts';
import { DatabaseStartupError, waitForDatabase } from './db/startup.ts';
import { jobList } from './modules/jobs/job-list.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { recordJobRound } from './modules/jobs/jobs-repository.ts';
import { demoAccountsIn, type SeededAccount, seedDemoData } from './seed/demo-seed.ts';

/** How long a stopping process lets its requests in flight finish. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
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
      log: (line) => console.log(line),
    });
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, listen: database.listen });
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
  const docs = config.apiDocs ? `  (API docs: ${config.publicUrl}/docs)` : '';
  console.log(`\n  ${config.brandName} is running at ${config.publicUrl}${docs} (Node.js ${process.version})\n`);
  // Last, where a newcomer's eyes land once the start is done.
  if (config.seedDemo) printCredentials(await demoAccountsIn(database.db), config.publicUrl);
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

function printCredentials(accounts: SeededAccount[], url: string) {
  if (accounts.length === 0) return;
  console.log('  Demo accounts (the embedded demo database; the keys are for an authenticator app):');
  for (const a of accounts)
    console.log(`    ${a.role.padEnd(8)} ${a.email.padEnd(28)} ${a.password}${a.totpSecret ? `  authenticator key ${a.totpSecret}` : ''}`);
  console.log(`  Sign in at ${url}/signin\n`);
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

// `npm run bench:explain -- --packages 10000000`: EXPLAIN (ANALYZE, BUFFERS) of every statement each list of the bench
// runs, on the database `npm run bench -- --packages N --keep` filled and kept, planned as the product's connections
// plan them. Prints Markdown: one section per list, one plan per statement.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { analyzedPlanOf, isSelect, statementRecorder } from '../apps/api/test/postgres/statements.ts';
import { benchApp, benchSessions } from './app.ts';
import { LISTS } from './endpoints.ts';
import { shapeOf } from './fill.ts';

const { values: args } = parseArgs({ options: { packages: { type: 'string', default: '10000000' } } });
const baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server of the kept bench database');
const name = `hopbox_bench_${shapeOf(Number(args.packages)).packages}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;
process.env.BENCH_DATABASE = url.toString();
process.env.BENCH_DATA_DIR ??= '/tmp/hopbox-bench-explain';

const recorder = statementRecorder(name);
const { config, handle, app } = await benchApp();
const sessions = await benchSessions(app, handle, config);
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
console.log(`# The lists' plans at ${Number(args.packages).toLocaleString()} packages\n`);
for (const list of LISTS) {
  const request = {
    method: 'GET' as const,
    url: list.path.replace('{locker}', sessions.customerLocker),
    headers: { authorization: `Bearer ${list.as === 'customer' ? sessions.customerToken : sessions.staffToken}` },
  };
  await app.inject(request);
  const { result, statements } = await recorder.during(() => app.inject(request));
  console.log(`## ${list.label}\n\n\`GET ${list.path}\` answered ${result.statusCode}, ${result.body.length.toLocaleString()} bytes.\n`);
  for (const statement of statements.filter(isSelect)) {
    console.log('```');
    console.log(statement.text.replace(/\s+/g, ' ').trim());
    if (statement.values.length) console.log(`-- values: ${JSON.stringify(statement.values)}`);
    console.log(await analyzedPlanOf(client, statement));
    console.log('```\n');
  }
}
recorder.stop();
await client.end();
await app.close();
await handle.close();

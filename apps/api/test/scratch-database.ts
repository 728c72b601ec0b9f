import pg from 'pg';

let counter = 0;

/**
 * A new, empty PostgreSQL database on the server of `baseUrl` (whose database is only used to create
 * it), named from `prefix`; `drop` removes it, ending its connections. For the test suite and the
 * benchmark, which each want a database of their own.
 */
export async function scratchPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

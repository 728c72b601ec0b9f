import pg from 'pg';

/**
 * The statements a request really runs, captured on the driver with their values, and the plans PostgreSQL makes for
 * them as the product's connections plan them (decision 038): the list-plans test checks them, and
 * `npm run bench:explain` prints them with their run times at the bench's size.
 */

export interface Statement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when it is one. */
  name?: string;
  /** Run on a connection that plans each statement once (plan_cache_mode=force_generic_plan). */
  generic: boolean;
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  Filter?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

type ClientQuery = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Records the statements the app's connections to `database` send while `during` runs, by wrapping the driver's
 * `Client.query` (every pool of the product runs its statements through it); restored by `stop`.
 */
export function statementRecorder(database: string) {
  const prototype = pg.Client.prototype as unknown as { query: ClientQuery };
  const original = prototype.query;
  let sink: Statement[] | undefined;
  prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    if (sink && this.database === database) {
      const c = (typeof config === 'string' ? { text: config } : config) as { text?: string; name?: string; values?: unknown[] };
      const options = String((this as unknown as { connectionParameters: { options?: string } }).connectionParameters.options ?? '');
      if (typeof c.text === 'string')
        sink.push({
          text: c.text,
          values: (Array.isArray(values) ? values : c.values) ?? [],
          name: c.name,
          generic: Boolean(c.name) && options.includes('plan_cache_mode=force_generic_plan'),
        });
    }
    return original.call(this, config, values, callback);
  };
  return {
    async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
      const statements: Statement[] = [];
      sink = statements;
      try {
        return { result: await work(), statements };
      } finally {
        sink = undefined;
      }
    },
    stop() {
      prototype.query = original;
    },
  };
}

export const isSelect = (s: Statement) => /^\s*(\(\s*)*(select|with)\b/i.test(s.text);

/**
 * The plan PostgreSQL makes for the statement as the product runs it: a prepared statement of a connection that
 * plans once gets its generic plan (whatever the values); any other statement is planned for its values.
 */
export async function planOf(client: pg.Client, s: Statement): Promise<PlanNode> {
  type Answer = { 'QUERY PLAN': { Plan: PlanNode }[] };
  const planIn = (res: pg.QueryResult<Answer>) => res.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
  if (!s.generic) return planIn(await client.query<Answer>(`explain (format json) ${s.text}`, s.values));
  await client.query('set plan_cache_mode = force_generic_plan');
  try {
    await client.query(`prepare list_plan_probe as ${s.text}`);
    try {
      // A generic plan is made without the values: nulls stand in for them.
      const args = s.values.length ? `(${s.values.map(() => 'null').join(', ')})` : '';
      return planIn(await client.query<Answer>(`explain (format json) execute list_plan_probe${args}`));
    } finally {
      await client.query('deallocate list_plan_probe');
    }
  } finally {
    await client.query('reset plan_cache_mode');
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement with its values, planned as the product plans it, as text: a prepared
 * statement of a connection that plans once is run through its generic plan.
 */
export async function analyzedPlanOf(client: pg.Client, s: Statement): Promise<string> {
  const text = (res: pg.QueryResult<{ 'QUERY PLAN': string }>) => res.rows.map((r) => r['QUERY PLAN']).join('\n');
  if (!s.generic) return text(await client.query(`explain (analyze, buffers) ${s.text}`, s.values));
  await client.query('set plan_cache_mode = force_generic_plan');
  try {
    await client.query(`prepare analyzed_plan_probe as ${s.text}`);
    try {
      // EXECUTE takes its arguments as literals, not bound values.
      const literal = (v: unknown): string =>
        v === null || v === undefined
          ? 'null'
          : typeof v === 'number'
            ? String(v)
            : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
      const args = s.values.length ? `(${s.values.map(literal).join(', ')})` : '';
      return text(await client.query(`explain (analyze, buffers) execute analyzed_plan_probe${args}`));
    } finally {
      await client.query('deallocate analyzed_plan_probe');
    }
  } finally {
    await client.query('reset plan_cache_mode');
  }
}

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Headers, type TestApp } from '../helper.ts';
import { isSelect, type PlanNode, planOf, type Statement, statementRecorder } from './statements.ts';

/**
 * Issue 30, "Speed at scale": every list and summary a customer or the warehouse opens is planned by PostgreSQL
 * without reading a whole table of the ones that grow with the business. The statements are the ones the requests
 * really run (captured on the driver, with their parameters), planned as the product's connections plan them:
 * the hot path's prepared statements once, generically (decision 038); the others for their values.
 */

/** The tables that grow with the business: a sequential scan of one of them grows with it. */
const WATCHED_TABLES = ['packages', 'shipments', 'shipment_events', 'photo_requests', 'payments'];

/** The size of the business the plans are made for; LIST_PLANS_PACKAGES asks for a larger one (e.g. 200000). */
const PACKAGES = Number(process.env.LIST_PLANS_PACKAGES ?? 40_000);
const OTHER_CUSTOMERS = 300;
/** The signed-in customer's locker: enough waiting packages for page 50 of 10, a history of shipments and returns. */
const MY_WAITING = 2_000;
const MY_SHIPMENTS = 250;
const MY_LEFT = 100;
const OTHER_SHIPMENTS = Math.round(PACKAGES / 4 / OTHER_CUSTOMERS) * OTHER_CUSTOMERS;

/** Every node of a plan with the node types above it. */
function* walk(node: PlanNode, above: string[] = []): Generator<{ node: PlanNode; above: string[] }> {
  yield { node, above };
  for (const child of node.Plans ?? []) yield* walk(child, [...above, node['Node Type']]);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Explained {
  statement: Statement;
  plan: PlanNode;
}

/** The sequential scans of watched tables in the plans, each described with its statement. */
function seqScans(endpoint: string, explained: Explained[]): string[] {
  const found: string[] = [];
  for (const { statement, plan } of explained) {
    for (const { node, above } of walk(plan)) {
      const table = node['Relation Name'];
      if (node['Node Type'] !== 'Seq Scan' || !table || !WATCHED_TABLES.includes(table)) continue;
      const where = node.Filter ? `, filter ${node.Filter}` : '';
      const path = above.length ? ` under ${above.join(' > ')}` : '';
      const how = statement.generic ? `prepared statement "${statement.name}", planned once` : 'planned for its values';
      found.push(
        `${endpoint}: Seq Scan on ${table}${node.Alias && node.Alias !== table ? ` (${node.Alias})` : ''}${where}, ~${node['Plan Rows']} rows${path}\n` +
          `  statement (${how}): ${oneLine(statement.text)}\n  values: ${JSON.stringify(statement.values)}`,
      );
    }
  }
  return found;
}

const touchesWatchedTable = (explained: Explained[]) =>
  explained.some(({ plan }) => [...walk(plan)].some(({ node }) => WATCHED_TABLES.includes(node['Relation Name'] ?? '')));

/** Fills the scratch database with a business of PACKAGES packages, in a few set-based statements. */
async function fill(client: pg.Client, me: { id: number; locker: string }) {
  const [tenant] = (await client.query<{ tenant_id: number }>('select tenant_id from users where id = $1', [me.id])).rows;
  await client.query(
    `insert into users (tenant_id, role, email, password_hash, first_name, last_name, locker_number)
     select $1, 'user', 'plans' || g || '@example.com', 'not-a-hash', 'Plan', 'Customer' || g, 'PLN' || g
     from generate_series(1, ${OTHER_CUSTOMERS}) g`,
    [tenant?.tenant_id],
  );
  await client.query(
    `create temp table customers as
     select (row_number() over (order by id))::int - 1 as i, id, locker_number from users where email like 'plans%@example.com'`,
  );
  // Shipments: a tenth open consolidations, the rest paid; most of those delivered, with their carrier's AWB.
  await client.query(
    `insert into shipments (shipment_id, user_id, is_consolidated, consolidation_status, origin, address, city, country,
                            total_weight, amount, shipment_status, payment_status, order_date, awb, carrier, created_at)
     select ref, uid, k % 10 = 0, case when k % 10 = 0 then 'Pending' end, 'United States of America', '1 Palm Street', 'Dubai',
            'United Arab Emirates', 2.5, case when k % 10 > 0 then 120.5 end,
            case when k % 10 = 0 then 'Pending' when k % 10 = 1 then 'Finalized' when k % 10 = 2 then 'Processed'
                 when k % 10 = 3 then 'Shipped' else 'Delivered' end,
            case when k % 10 = 0 then 'Unpaid' else 'Paid' end,
            case when k % 10 > 0 then now() - k * interval '20 minutes' end,
            case when k % 10 > 2 then 'AWB' || ref end, case when k % 10 > 2 then 'sandbox' end,
            now() - k * interval '20 minutes'
     from (select k, c.id as uid, 'PLN' || k as ref from generate_series(0, ${OTHER_SHIPMENTS - 1}) k join customers c on c.i = k % ${OTHER_CUSTOMERS}
           union all
           select k, $1, 'PLNME' || k from generate_series(0, ${MY_SHIPMENTS - 1}) k) s`,
    [me.id],
  );
  await client.query(
    `insert into shipment_events (shipment_id, event_key, at, code, stage, status, location)
     select s.id, 'event-' || e, s.order_date + e * interval '1 day', 'EV' || e,
            case e when 1 then 'picked-up' when 4 then 'delivered' else 'in-transit' end, 'Status ' || e, 'Dubai'
     from shipments s cross join generate_series(1, 4) e where s.awb is not null`,
  );
  // Packages: of the other customers', seven in ten left in a shipment, one in ten went back (a package request),
  // one in a hundred arrived unidentified; the rest wait in their lockers. The signed-in customer has a full locker.
  const others = PACKAGES - MY_WAITING - 2 * MY_SHIPMENTS - MY_LEFT;
  // A trigram index takes longer to fill row by row than to build afterwards: dropped, then built again as it was.
  const trigramIndexes = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(c.oid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
     where i.indrelid = 'packages'::regclass and am.amname = 'gin'`,
  );
  for (const { name } of trigramIndexes.rows) await client.query(`drop index ${name}`);
  await client.query(
    `with src as (
       select g, c.id as uid, c.locker_number as locker,
              case when g % 100 = 99 then 'unidentified' when (g / ${OTHER_CUSTOMERS}) % 10 < 7 then 'shipped'
                   when (g / ${OTHER_CUSTOMERS}) % 10 = 7 then 'left' else 'waiting' end as fate,
              'PLN' || (c.i + ${OTHER_CUSTOMERS} * ((g / ${OTHER_CUSTOMERS * 10}) % ${OTHER_SHIPMENTS / OTHER_CUSTOMERS})) as ref
       from generate_series(1, ${others}) g join customers c on c.i = g % ${OTHER_CUSTOMERS}
       union all
       select g, $1, $2, 'waiting', null from generate_series(1, ${MY_WAITING}) g
       union all
       select g, $1, $2, 'shipped', 'PLNME' || (g % ${MY_SHIPMENTS}) from generate_series(1, ${2 * MY_SHIPMENTS}) g
       union all
       select g, $1, $2, 'left', null from generate_series(1, ${MY_LEFT}) g
     )
     insert into packages (hopbox_id, user_id, locker_number, shipment_id, shipper, package_content, origin, external_tracking_number,
                           description, received_date, package_weight, package_length, package_breadth, package_height, location,
                           left_at, left_as)
     select 'HBX' || nextval('hopbox_id_seq'), case when fate <> 'unidentified' then uid end,
            case when fate <> 'unidentified' then locker end, case when fate = 'shipped' then s.id end,
            'Shipper ' || (g % 97), 'Content ' || (g % 89), (array['United States of America', 'China', 'United Kingdom'])[1 + g % 3],
            '1Z' || upper(left(md5(fate || coalesce(uid, 0) || '-' || g), 16)), 'Content ' || (g % 89) || ', as the shipper describes it',
            now() - g * interval '7 minutes', 1.5, 30, 20, 10, 'A-01-01',
            case when fate = 'left' then now() - g * interval '5 minutes' end, case when fate = 'left' then 'RETURNED' end
     from src left join shipments s on s.shipment_id = src.ref and src.fate = 'shipped'`,
    [me.id, me.locker],
  );
  for (const { definition } of trigramIndexes.rows) await client.query(definition);
  // Photo requests on one package in eight: most done, a few open, in the warehouse's queue. Open requests are a day's
  // work and the packages years of it: one request in a hundred is open (about 50 here, 15,000 in the bench's ten million).
  await client.query(
    `insert into photo_requests (user_id, package_id, request_type, priority, status, requested_date)
     select user_id, id, (array['PACKAGE_PHOTO', 'DAMAGE_PHOTO', 'CUSTOM_PHOTO'])[1 + id % 3],
            (array['LOW', 'MEDIUM', 'HIGH', 'URGENT'])[1 + id % 4],
            case (id / 8) % 200 when 0 then 'PENDING' when 1 then 'IN_PROGRESS' when 2 then 'REJECTED' when 3 then 'CANCELLED' else 'COMPLETED' end,
            received_date + interval '1 day'
     from packages where user_id is not null and id % 8 = 0`,
  );
  // A payment for every paid shipment: captured, a few needing attention, a few failed attempts before them.
  await client.query(
    `insert into payments (user_id, kind, provider, order_ref, merchant_reference, amount, currency, status, shipment_ids,
                           captured_at, created_at)
     select user_id, case when is_consolidated then 'consolidation' else 'single' end, 'sandbox', 'ORDER-' || id || '-' || a,
            'HB-' || id || '-' || a, 120.5, 'AED',
            case when a = 0 then 'FAILED' when id % 97 = 0 then 'NEEDS_ATTENTION' else 'CAPTURED' end, jsonb_build_array(id),
            case when a = 1 then order_date end, order_date - (1 - a) * interval '1 hour'
     from shipments cross join generate_series(0, 1) a where payment_status = 'Paid' and (a = 1 or id % 10 = 0)`,
  );
  await client.query('drop table customers');
  // Production tables are vacuumed and analyzed by autovacuum; done here at once, the plans do not wait on its timing.
  await client.query('vacuum analyze users, shipments, shipment_events, packages, photo_requests, payments');
}

describe('the lists plan no sequential scan of a growing table (issue 30, PostgreSQL)', () => {
  let t: TestApp;
  let client: pg.Client;
  let recorder: ReturnType<typeof statementRecorder>;
  let customer: Headers;
  let staff: Headers;
  let locker: string;
  let myPackage: string;
  const explainedBy = new Map<string, Explained[]>();

  beforeAll(
    async () => {
      t = await buildTestApp();
      const url = t.config.databaseUrl as string;
      client = new pg.Client({ connectionString: url });
      await client.connect();
      const me = await t.customer();
      locker = me.locker;
      customer = me.headers;
      staff = (await t.userWithToken('staff')).headers;
      await fill(client, { id: me.id, locker: me.locker });
      const [one] = (
        await client.query<{ hopbox_id: string }>('select hopbox_id from packages where user_id = $1 order by id limit 1', [me.id])
      ).rows;
      myPackage = one?.hopbox_id as string;
      recorder = statementRecorder(new URL(url).pathname.slice(1));
    },
    Math.max(60_000, PACKAGES),
  );

  afterAll(async () => {
    recorder?.stop();
    await client?.end();
    await t?.close();
  });

  /**
   * The lists, as [who, path and query, whether the answer's `data` is a list that must have rows]; LOCKER stands for
   * the customer's locker number, PACKAGE for the Hopbox ID of one of the customer's packages.
   */
  const lists: [who: 'customer' | 'staff', url: string, rows: boolean][] = [
    ['customer', '/api/user/received-packages', true],
    ['customer', '/api/user/received-packages?page=50', true],
    ['customer', '/api/user/received-packages?q=content%2012', true],
    ['customer', '/api/user/shipments/consolidated', true],
    ['customer', '/api/user/shipments/sent', true],
    ['customer', '/api/user/shipments/sent?page=3&pageSize=10', true],
    ['customer', '/api/user/shipments/sent?q=Delivered&page=1', true],
    ['customer', '/api/user/left-packages', true],
    ['customer', '/api/user/photo-requests', true],
    ['customer', '/api/user/photo-requests?page=1&pageSize=10', true],
    ['customer', '/api/user/photo-requests?status=COMPLETED&page=2&pageSize=10', true],
    ['customer', '/api/user/photo-requests?q=content%201&page=1&pageSize=10', true],
    ['customer', '/api/user/dashboard', false],
    // The header search as the customer starts typing (the prefix of every Hopbox ID), and a whole ID.
    ['customer', '/api/user/search?q=HBX', false],
    ['customer', '/api/user/search?q=PACKAGE', false],
    ['staff', '/api/staff/packages', true],
    ['staff', '/api/staff/packages?lockerNumber=LOCKER', true],
    ['staff', '/api/staff/packages?q=customer12', true],
    ['staff', '/api/staff/shipments', true],
    ...['consolidating', 'to-pack', 'awaiting-dispatch', 'paid', 'Pending', 'Finalized', 'Processed', 'Shipped', 'Delivered'].map(
      (status) => ['staff', `/api/staff/shipments?status=${status}`, true] as ['staff', string, boolean],
    ),
    ['staff', '/api/staff/photo-requests', true],
    ['staff', '/api/staff/photo-requests?status=PENDING,IN_PROGRESS', true],
    // A page deep in the closed requests, past the open ones (decision 077).
    ['staff', '/api/staff/photo-requests?page=200', true],
    ['staff', '/api/staff/photo-requests?status=COMPLETED&page=150', true],
    ['staff', '/api/staff/unidentified-packages', true],
    ['staff', '/api/staff/payments', true],
    ['staff', '/api/staff/payments?status=NEEDS_ATTENTION', true],
  ];

  it.each(lists)('%s GET %s', async (who, path, rows) => {
    const url = path.replace('LOCKER', locker).replace('PACKAGE', myPackage);
    const endpoint = `GET ${url}`;
    const { result: res, statements } = await recorder.during(() =>
      t.app.inject({ method: 'GET', url, headers: who === 'customer' ? customer : staff }),
    );
    expect(res.statusCode, res.body).toBe(200);
    if (rows) expect(res.json().data.length, `${endpoint} answered no rows: the fill no longer reaches this list`).toBeGreaterThan(0);
    const explained: Explained[] = [];
    for (const statement of statements.filter(isSelect)) explained.push({ statement, plan: await planOf(client, statement) });
    explainedBy.set(url, explained);
    expect(touchesWatchedTable(explained), `${endpoint}: no statement read a watched table; is the recorder still hearing?`).toBe(true);
    const found = seqScans(endpoint, explained);
    if (found.length > 0) expect.fail(`${found.length} sequential scan(s):\n\n${found.join('\n\n')}`);
  });

  it('would fail: the locker list without the indexes it reads plans a sequential scan of packages', async () => {
    const explained = explainedBy.get('/api/user/received-packages');
    expect(explained?.length).toBeGreaterThan(0);
    await client.query('begin');
    try {
      // Drop the indexes of packages the plans use (but its primary key) until none is left to fall back on.
      for (let round = 0; round < 10; round++) {
        const again: Explained[] = [];
        for (const { statement } of explained ?? []) again.push({ statement, plan: await planOf(client, statement) });
        if (seqScans('GET /api/user/received-packages', again).length > 0) return;
        const ofPackages = await client.query<{ indexname: string }>(
          "select indexname from pg_indexes where tablename = 'packages' and indexname <> 'packages_pkey'",
        );
        const names = new Set(ofPackages.rows.map((r) => r.indexname));
        const used = new Set(
          again.flatMap(({ plan }) => [...walk(plan)].map(({ node }) => node['Index Name'] ?? '')).filter((n) => names.has(n)),
        );
        expect(used.size, 'the plans read packages by no index but its primary key').toBeGreaterThan(0);
        for (const index of used) await client.query(`drop index ${index}`);
      }
      expect.fail('no sequential scan after dropping every index the plans used');
    } finally {
      await client.query('rollback');
    }
  });
});

// Fills an empty, migrated database with a forwarder's years of business, in SQL: packages spread over customers
// (one per hundred packages), most of them long gone home in shipments with tracking events and payments, the
// newest few per cent still waiting in their lockers, a photo request for one package in twenty and one unidentified
// parcel in a thousand. One customer, the measured one, holds 5,000 packages waiting and 5,000 more sent in 500
// shipments. Filled in blocks of ten packages: a block is one customer's, and leaves in one shipment or waits.

/** Runs one statement on the connection that fills (one connection: the session settings below hold for it). */
export type Run = (statement: string) => Promise<void>;

export interface FillShape {
  packages: number;
  customers: number;
  unidentified: number;
  blocks: number;
}

export const MEASURED_WAITING = 5_000;
const MEASURED_BLOCKS = 1_000;
/** Blocks per statement: 200,000 packages with their shipments, events, requests and payments. */
const BATCH_BLOCKS = 20_000;
const FILLED_TABLES = ['packages', 'shipments', 'shipment_events', 'photo_requests', 'payments'];

export function shapeOf(packages: number): FillShape {
  const unidentified = Math.floor(packages / 1000);
  const blocks = Math.floor((packages - unidentified) / 10);
  if (blocks < MEASURED_BLOCKS * 10) throw new Error(`at least ${MEASURED_BLOCKS * 100} packages, please`);
  return { packages: blocks * 10 + unidentified, customers: Math.max(100, Math.floor(packages / 100)), unidentified, blocks };
}

/**
 * `me` is the measured customer (id and locker), `passwordHash` any valid hash for the other customers, who never
 * sign in. `indexDefinitions` answers the filled tables' secondary indexes, dropped during the fill and built once at
 * the end (PostgreSQL; the embedded database keeps them, being filled with far fewer rows).
 */
export async function fill(
  run: Run,
  shape: FillShape,
  me: { id: number; lockerNumber: string; tenantId: number; passwordHash: string },
  progress: (line: string) => void,
  indexes?: { definitions: () => Promise<{ name: string; definition: string }[]> },
) {
  // Foreign keys are the product's to check; generated rows are consistent by construction, so skip their triggers.
  await run(`set session_replication_role = replica`);
  await run(`set maintenance_work_mem = '512MB'`);
  const dropped = indexes ? await indexes.definitions() : [];
  for (const index of dropped) await run(`drop index ${index.name}`);

  await run(`insert into users (tenant_id, role, email, password_hash, first_name, last_name, locker_number)
    select ${me.tenantId}, 'user', 'customer' || c || '@example.com', '${me.passwordHash}', 'Customer', 'Number ' || c, 'HBC' || c
    from generate_series(1, ${shape.customers}) c`);
  await run(
    `insert into hosts (name, address, city, country, code) values ('Bench Warehouse', '1 Dock Road', 'Wilmington', 'United States', 'BENCH')`,
  );

  // Block b: newer as b grows. One in `stride` is the measured customer's; its newest half waits in the locker.
  const stride = Math.floor(shape.blocks / MEASURED_BLOCKS);
  await run(
    `create unlogged table bench_blocks (b int primary key, user_id int, locker_number text, status text, consolidated boolean, at timestamptz)`,
  );
  await run(`insert into bench_blocks
    select b, case when mine then ${me.id} else (select min(id) from users where locker_number like 'HBC%') + b % ${shape.customers} end,
           case when mine then '${me.lockerNumber}' else 'HBC' || (1 + b % ${shape.customers}) end,
           case when mine then case when j >= 500 then null when j >= 480 then 'Pending' when j >= 470 then 'Finalized'
                                    when j >= 450 then 'Shipped' else 'Delivered' end
                else case when q >= 970 then null when q >= 960 then case when b % 2 = 0 then 'Pending' else 'Finalized' end
                          when q >= 950 then 'Processed' when q >= 900 then 'Shipped' else 'Delivered' end end,
           b % 3 = 0,
           now() - make_interval(secs => (${shape.blocks} - b) * 100)
    from (select b, b % ${stride} = 0 and b / ${stride} < ${MEASURED_BLOCKS} as mine, b / ${stride} as j, (b::bigint * 1000 / ${shape.blocks}) as q
          from generate_series(0, ${shape.blocks - 1}) b) s`);
  await run(`update bench_blocks set consolidated = true where status = 'Pending'`);

  for (let from = 0; from < shape.blocks; from += BATCH_BLOCKS) {
    const to = Math.min(shape.blocks, from + BATCH_BLOCKS) - 1;
    await fillBlocks(run, from, to);
    progress(`  ${((to + 1) * 10).toLocaleString()} packages`);
  }
  await run(`insert into packages (id, hopbox_id, shipper, package_content, origin, external_tracking_number, received_date, package_weight, created_at, updated_at)
    select ${shape.blocks * 10} + u, 'HBX' || (1000000 + ${shape.blocks * 10} + u), 'Shipper ' || (u % 97), 'Content ' || (u % 89), 'United States',
           'UNK' || u, now() - make_interval(mins => u * 7), 1.2, now(), now()
    from generate_series(1, ${shape.unidentified}) u`);
  await run(`drop table bench_blocks`);
  for (const [table, next] of [
    ['packages', shape.packages + 1],
    ['shipments', shape.blocks + 1],
    ['payments', shape.blocks + 1],
  ] as const) {
    await run(`select setval(pg_get_serial_sequence('${table}', 'id'), ${next}, false)`);
  }
  await run(`select setval('hopbox_id_seq', ${1_000_000 + shape.packages + 1}, false)`);
  for (const index of dropped) {
    progress(`  index ${index.name}`);
    await run(index.definition);
  }
  // The triggers that keep the queues' sizes were off with the foreign keys' (decision 091): count them once.
  await run('select queue_counts_recount()');
  await run(`set session_replication_role = origin`);
}

async function fillBlocks(run: Run, from: number, to: number) {
  const blocks = `(select * from bench_blocks where b between ${from} and ${to}) bb`;
  await run(`insert into shipments (id, shipment_id, user_id, is_consolidated, origin, recipient_name, address, city, country, postal_code,
                                    total_weight, amount, currency, shipment_status, consolidation_status, payment_status, payment_reference,
                                    awb, carrier, order_date, shipped_at, delivered_at, processing_date, host_id, created_at, updated_at)
    select b + 1, 'SHB' || b, user_id, consolidated, 'United States', null, '12 Palm Street', 'Dubai', 'United Arab Emirates', '00000',
           15, case when status <> 'Pending' then 120.50 end, 'AED', status,
           case when status = 'Pending' then 'In Progress' end,
           case when status = 'Pending' then 'Unpaid' else 'Paid' end,
           case when status <> 'Pending' then 'BM' || b end,
           case when status in ('Processed', 'Shipped', 'Delivered') then 'AWB' || b end,
           case when status in ('Processed', 'Shipped', 'Delivered') then 'sandbox' end,
           case when status <> 'Pending' then at + interval '1 day' end,
           case when status in ('Shipped', 'Delivered') then at + interval '2 days' end,
           case when status = 'Delivered' then at + interval '6 days' end,
           case when status in ('Processed', 'Shipped', 'Delivered') then at + interval '1 day' end,
           (select id from hosts where code = 'BENCH'), at + interval '1 day', at + interval '1 day'
    from ${blocks} where status is not null`);
  await run(`insert into packages (id, hopbox_id, user_id, locker_number, shipment_id, shipper, package_content, origin,
                                   external_tracking_number, received_date, package_weight, package_length, package_breadth, package_height,
                                   quantity, unit_price, total_price, declaration_complete, storage_settled_at, created_at, updated_at)
    select g + 1, 'HBX' || (1000000 + g), user_id, locker_number, case when status is not null then b + 1 end,
           'Shipper ' || (g % 97), 'Content ' || (g % 89), (array['United States', 'China', 'United Kingdom'])[1 + g % 3],
           'TRK' || g, at - make_interval(hours => k), 1.5, 30, 20, 10, 1, 25, 25, true,
           case when status is not null and status <> 'Pending' then at + interval '1 day' end, at - make_interval(hours => k), at
    from (select *, b * 10 + k as g from ${blocks}, generate_series(0, 9) k) p`);
  await run(`insert into shipment_events (shipment_id, event_key, at, code, stage, status, location)
    select b + 1, 'e' || e, at + make_interval(days => 2 + e * 2), (array['PU', 'DF', 'DL'])[e],
           case when e = 3 and status = 'Delivered' then 'delivered' when e = 1 then 'picked-up' else 'in-transit' end,
           case when e = 3 and status = 'Delivered' then 'Delivered' when e = 1 then 'Picked up' else 'In transit' end, 'Dubai'
    from ${blocks}, generate_series(1, 3) e where status in ('Shipped', 'Delivered')`);
  await run(`insert into photo_requests (user_id, package_id, status, priority, requested_date, completed_date, created_at, updated_at)
    select user_id, g + 1,
           case when status is null and g % 40 = 0 then 'PENDING' when status is null and g % 40 = 20 then 'IN_PROGRESS' else 'COMPLETED' end,
           (array['LOW', 'MEDIUM', 'HIGH', 'URGENT'])[1 + g / 20 % 4], at + interval '1 hour',
           case when not (status is null and g % 40 in (0, 20)) then at + interval '5 hours' end, at + interval '1 hour', at + interval '1 hour'
    from (select *, b * 10 + k as g from ${blocks}, generate_series(0, 9) k) p where g % 20 = 0`);
  await run(`insert into payments (id, user_id, kind, provider, order_ref, merchant_reference, amount, currency, status, shipment_ids,
                                   captured_at, finalized_at, created_at, updated_at)
    select b + 1, user_id, case when consolidated then 'consolidation' else 'single' end, 'sandbox', 'BO' || b, 'BM' || b, 120.50, 'AED',
           'CAPTURED', jsonb_build_array(b + 1), at + interval '1 day', at + interval '1 day', at + interval '1 day', at + interval '1 day'
    from ${blocks} where status is not null and status <> 'Pending'`);
}

/** The secondary indexes of the tables the fill writes (not their primary keys), as PostgreSQL would create them again. */
export const filledIndexesQuery = `select indexname as name, indexdef as definition from pg_indexes
  where schemaname = current_schema() and tablename in (${FILLED_TABLES.map((t) => `'${t}'`).join(', ')}) and indexname not like '%_pkey'`;

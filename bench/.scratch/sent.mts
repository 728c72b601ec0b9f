import { openDatabase } from '../../apps/api/src/db/client.ts';
import { findUserByEmail } from '../../apps/api/src/modules/auth/users-repository.ts';
import { listSent } from '../../apps/api/src/modules/shipments/shipments-repository.ts';

const h = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/hopbox_bench_1000000', dataDir: null });
const me = await findUserByEmail(h.db, 'bench@example.com');
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  let rows;
  for (let i = 0; i < 20; i++) rows = await listSent(h.db, me!.id);
  const t1 = performance.now();
  const t2 = performance.now();
  for (let i = 0; i < 20; i++) JSON.stringify(rows);
  const t3 = performance.now();
  console.log('listSent', ((t1 - t0) / 20).toFixed(1), 'ms; stringify', ((t3 - t2) / 20).toFixed(1), 'ms', rows!.length);
}
const c = h as any;
await h.close();

import { packages } from '../../src/db/schema.ts';
import type { TestApp, TestCustomer } from '../helper.ts';

let serial = 0;

/**
 * `count` parcels from an online store in the United States, in the customer's locker or the shipment `values`
 * names, written straight to the database in one insert (a hundred are set up at once); `values` gives each its
 * own fields. Answers their ids and Hopbox IDs, in order.
 */
export async function insertParcels(
  t: TestApp,
  customer: TestCustomer,
  count: number,
  values: (i: number) => Partial<typeof packages.$inferInsert> = () => ({}),
) {
  serial += 1;
  return t.db
    .insert(packages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        hopboxId: `HBXP${process.pid % 1000}${serial}X${i}`,
        userId: customer.id,
        lockerNumber: customer.locker,
        shipper: 'Online store',
        packageContent: `Parcel ${i + 1}`,
        origin: 'United States of America',
        ...values(i),
      })),
    )
    .returning({ id: packages.id, hopboxId: packages.hopboxId });
}

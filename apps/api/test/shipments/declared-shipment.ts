import { declarationItems } from '../../src/db/schema.ts';
import { insertShipment, type TestApp, type TestCustomer } from '../helper.ts';
import { insertParcels } from '../packages/locker-parcels.ts';

let serial = 0;

/**
 * A paid, finalized shipment of the customer's (its database id) with `count` packages, each declared with `items`
 * items, written straight to the database (a 100-package, 5,000-item one is set up in a second or two).
 */
export async function declaredShipment(t: TestApp, customer: TestCustomer, count: number, items: number) {
  serial += 1;
  const id = await insertShipment(t, customer.id, {
    shipmentId: `SHPINV${process.pid}${serial}`,
    shipmentStatus: 'Finalized',
    paymentStatus: 'Paid',
    isConsolidated: count > 1,
    origin: 'United States of America',
    address: 'Villa 7, Jumeirah Beach Road',
    totalWeight: String(count * 2),
    orderDate: new Date('2026-11-02T09:30:00Z'),
  });
  const rows = await insertParcels(t, customer, count, () => ({ shipmentId: id, totalPrice: '100', packageWeight: '2' }));
  const declared = rows.flatMap((p, n) =>
    Array.from({ length: items }, (_, i) => ({
      packageId: p.id,
      position: i,
      description: `Parcel ${n + 1} item ${i + 1}: ${'cotton t-shirt, printed, size M, '.repeat((i % 3) + 1)}`.slice(0, 200),
      hsCode: i % 2 === 0 ? '6109100010' : null,
      quantity: 1 + (i % 4),
      unitValue: (2 + (i % 7)).toFixed(2),
      currency: 'USD',
      originCountry: i % 5 === 0 ? 'China' : 'United States of America',
    })),
  );
  for (let i = 0; i < declared.length; i += 1000) await t.db.insert(declarationItems).values(declared.slice(i, i + 1000));
  return { id, packageIds: rows.map((r) => r.id) };
}

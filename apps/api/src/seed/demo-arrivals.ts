import { trackingKey } from '@hopbox/contracts/arrivals';
import { countryName } from '@hopbox/contracts/countries';
import type { Package } from '@hopbox/contracts/packages';
import type { Executor } from '../db/client.ts';
import { preAlerts } from '../db/schema.ts';
import { insertPackage } from '../modules/packages/packages-repository.ts';

/** The tracking number of the unidentified demo parcel the demo customer can claim (printed in the README). */
export const DEMO_CLAIMABLE_TRACKING = '1Z 999 AA1 0123 4567 84';

const DAY = 86_400_000;

/**
 * Issue "Arrivals": the demo customer has one parcel announced and still expected, one announced and received
 * (the Best Buy headphones), and the warehouse holds two parcels that came without a suite number.
 */
export async function seedDemoArrivals(tx: Executor, customerId: number, staffId: number, received: readonly Package[]) {
  const now = Date.now();
  const expected = { trackingNumber: '9400 1118 9922 3344 5566 77', retailer: 'Zara', content: 'Linen shirts', declaredValue: '59.90' };
  await tx.insert(preAlerts).values({
    userId: customerId,
    ...expected,
    trackingKey: trackingKey(expected.trackingNumber),
    currency: 'USD',
    expectedDate: new Date(now + 3 * DAY).toISOString().slice(0, 10),
    notes: 'Two shirts, size M',
  });
  const headphones = received.find((p) => p.packageContent === 'Wireless headphones');
  if (headphones?.externalTrackingNumber) {
    await tx.insert(preAlerts).values({
      userId: customerId,
      trackingNumber: headphones.externalTrackingNumber,
      trackingKey: trackingKey(headphones.externalTrackingNumber),
      retailer: headphones.shipper,
      content: headphones.packageContent,
      declaredValue: headphones.totalPrice.toFixed(2),
      currency: headphones.currency,
      packageId: headphones.id,
      createdAt: new Date(new Date(headphones.receivedDate).getTime() - 4 * DAY),
    });
  }
  const parcels = [
    { shipper: 'Uniqlo', content: 'Knitwear', origin: 'GB', tracking: DEMO_CLAIMABLE_TRACKING, kg: 0.9, daysAgo: 6, location: 'DOCK-2' },
    {
      shipper: 'Unknown sender',
      content: 'Small box, no invoice',
      origin: 'US',
      tracking: 'TBA304918827000',
      kg: 0.4,
      daysAgo: 19,
      location: 'DOCK-1',
    },
  ];
  for (const p of parcels) {
    await insertPackage(
      tx,
      {
        userId: null,
        lockerNumber: null,
        shipper: p.shipper,
        packageContent: p.content,
        origin: countryName(p.origin) ?? p.origin,
        externalTrackingNumber: p.tracking,
        packageWeight: String(p.kg),
        unitWeight: String(p.kg),
        packageLength: '30',
        packageBreadth: '22',
        packageHeight: '10',
        notes: 'Label has no suite number',
        receivedDate: new Date(now - p.daysAgo * DAY),
        receivedBy: staffId,
        location: p.location,
      },
      new Date(),
    );
  }
}

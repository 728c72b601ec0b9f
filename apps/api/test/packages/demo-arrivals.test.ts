import type { PreAlert, PublicUnidentified, StaffUnidentified } from '@hopbox/contracts/arrivals';
import { describe, expect, it } from 'vitest';
import { DEMO_CLAIMABLE_TRACKING } from '../../src/seed/demo-arrivals.ts';
import { seedDemoSignedIn } from '../demo-helper.ts';
import { useTestApp } from '../helper.ts';

/** Issue "Arrivals", demo data: a pre-alert expected and one received, and two parcels nobody could match, one the demo customer's. */
describe('the demo arrivals', () => {
  const s = useTestApp(seedDemoSignedIn);
  const get = async (url: string, headers: Record<string, string>) => (await s.t.app.inject({ method: 'GET', url, headers })).json();

  it('shows the demo customer one pre-alert expected and one received with its package', async () => {
    const alerts = (await get('/api/user/pre-alerts', s.customer)).data as PreAlert[];
    expect(alerts.map((a) => a.status).sort()).toEqual(['EXPECTED', 'RECEIVED']);
    expect(alerts.find((a) => a.status === 'RECEIVED')).toMatchObject({
      content: 'Wireless headphones',
      hopboxId: expect.stringMatching(/^HBX/),
    });
    expect(alerts.find((a) => a.status === 'EXPECTED')).toMatchObject({ retailer: 'Zara', packageId: null });
  });

  it('holds two unidentified parcels; the demo customer claims one with the tracking number the README gives', async () => {
    const queue = (await get('/api/staff/unidentified-packages', s.staff)) as { data: StaffUnidentified[]; total: number };
    expect(queue.total).toBe(2);
    const seen = (await get('/api/user/unidentified-packages', s.customer)).data as PublicUnidentified[];
    const mine = seen.find((p) => p.trackingLast4 === '6784');
    if (!mine) throw new Error('the claimable demo parcel is not listed');
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/user/unidentified-packages/${mine.id}/claim`,
      headers: s.customer,
      payload: { trackingNumber: DEMO_CLAIMABLE_TRACKING },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ shipper: 'Uniqlo', lockerNumber: 'HB100001' });
  });
});

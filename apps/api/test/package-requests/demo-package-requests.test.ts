import type { StaffClaimDetail } from '@hopbox/contracts/claims';
import type { PackageRequest, StaffPackageRequest } from '@hopbox/contracts/package-requests';
import type { Package } from '@hopbox/contracts/packages';
import { describe, expect, it } from 'vitest';
import { seedDemoSignedIn } from '../demo-helper.ts';
import { useTestApp } from '../helper.ts';

/** Issue "When it goes wrong", demo data: a repack the warehouse is doing, a return to sender done, a small account balance and an open claim. */
describe('the demo package requests', () => {
  const s = useTestApp(seedDemoSignedIn);
  const get = (url: string, headers: Record<string, string>) => s.t.app.inject({ method: 'GET', url, headers });

  it("puts a repack in progress in the warehouse's queue, and keeps that package from shipping until it is done", async () => {
    const queue = (await get('/api/staff/package-requests', s.staff)).json().data as StaffPackageRequest[];
    const repack = queue.find((r) => r.type === 'REPACK');
    expect(repack).toMatchObject({ status: 'IN_PROGRESS', fee: 20, currency: 'AED', location: expect.any(String) });
    const price = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments/calculate-shipping-price',
      headers: s.customer,
      payload: { packages: [repack?.hopboxId], destination: 'United Arab Emirates' },
    });
    expect(price.statusCode).toBe(409);
    expect(price.json().code).toBe('REQUEST_OPEN');
    // Staff photographed the box before repacking it: the customer sees it, a real image with its thumbnail.
    const [mine] = (await get(`/api/user/received-packages/${repack?.packageId}/requests`, s.customer)).json().data as PackageRequest[];
    expect(mine?.photos.before).toHaveLength(1);
    expect(mine?.photos.after).toEqual([]);
    const before = mine?.photos.before[0];
    expect((await get(before?.fileUrl as string, s.customer)).headers['content-type']).toBe('image/jpeg');
    expect((await get(before?.thumbnailUrl as string, s.customer)).headers['content-type']).toBe('image/webp');
  });

  it("shows the returned sneakers in the customer's history with the return's carrier, tracking number and label", async () => {
    const search = (await get('/api/user/received-packages?q=Sneakers', s.customer)).json().data as Package[];
    expect(search.map((p) => p.packageContent)).not.toContain('Sneakers (wrong size)');
    const queue = (await get('/api/staff/package-requests?status=DONE', s.staff)).json().data as StaffPackageRequest[];
    const done = queue.find((r) => r.type === 'RETURN_TO_SENDER');
    if (!done) throw new Error('the demo return is not in the queue');
    const pkg = (await get(`/api/user/received-packages/${done.packageId}`, s.customer)).json().data as Package;
    expect(pkg).toMatchObject({ packageContent: 'Sneakers (wrong size)', leftAs: 'RETURNED' });
    const requests = (await get(`/api/user/received-packages/${done.packageId}/requests`, s.customer)).json().data as PackageRequest[];
    expect(requests[0]).toMatchObject({ status: 'DONE', result: { carrier: 'UPS', trackingNumber: expect.stringMatching(/^1Z/) } });
    expect(requests[0]?.photos.before).toHaveLength(1);
    // Its fee was paid by card before the warehouse acted (decision 068): the payment checks as paid.
    expect(requests[0]).toMatchObject({ amountDue: 0, paidAt: expect.any(String) });
    const check = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/request-payment/check',
      headers: s.customer,
      payload: { orderRef: 'demo-zappos-return-fee' },
    });
    expect(check.json()).toMatchObject({ status: 'SUCCESS', captured: 1, hopboxId: pkg.hopboxId });
    const label = await get(`/api/user/package-requests/${done.id}/label`, s.customer);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the demo customer a small account balance, on the dashboard and in the ledger with its reason', async () => {
    expect((await get('/api/user/dashboard', s.customer)).json().data.accountBalance).toBe(25);
    const wallet = (await get('/api/user/wallet', s.customer)).json().data;
    expect(wallet).toMatchObject({ balance: 25, currency: 'AED' });
    expect(wallet.entries).toEqual([
      expect.objectContaining({ amount: 25, kind: 'STAFF_ADJUSTMENT', reference: expect.stringContaining('late') }),
    ]);
  });

  it('has an open damaged claim on the delivered headphones, inside its window, in the staff queue', async () => {
    const mine = (await get('/api/user/claims', s.customer)).json().data as {
      id: number;
      status: string;
      type: string;
      shipmentId: number | null;
    }[];
    expect(mine).toEqual([expect.objectContaining({ status: 'OPEN', type: 'DAMAGED' })]);
    const queue = (await get('/api/staff/claims', s.staff)).json().data as { id: number }[];
    expect(queue.map((c) => c.id)).toContain(mine[0]?.id);
    // Paid 12 days ago and delivered 74 hours later: the 14-day window of a damaged claim is still open.
    const windows = (await get(`/api/user/claims/eligibility?shipmentId=${mine[0]?.shipmentId}`, s.customer)).json().data as {
      type: string;
      closesAt: string | null;
    }[];
    const damaged = windows.find((w) => w.type === 'DAMAGED');
    expect(damaged?.closesAt && new Date(damaged.closesAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("shows staff the headphones' shelf, their receipt photos and the delivered shipment's timeline beside the demo claim", async () => {
    const [claim] = (await get('/api/staff/claims?status=OPEN', s.staff)).json().data as { id: number }[];
    const detail = (await get(`/api/staff/claims/${claim?.id}`, s.staff)).json().data as StaffClaimDetail;
    const [headphones] = detail.evidence.packages;
    expect(headphones).toMatchObject({ packageContent: 'Wireless headphones', location: expect.stringMatching(/^[A-Z]/) });
    expect(headphones?.receiptPhotos).toHaveLength(2);
    const photo = await get(headphones?.receiptPhotos[0]?.fileUrl as string, s.staff);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(detail.evidence.shipment).toMatchObject({ status: 'Delivered', paymentStatus: 'Paid' });
    expect(detail.evidence.shipment?.events.length).toBeGreaterThan(2);
  });
});

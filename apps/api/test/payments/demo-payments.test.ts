import type { StaffPayment } from '@hopbox/contracts/payment-refunds';
import { describe, expect, it } from 'vitest';
import { seedDemoSignedIn } from '../demo-helper.ts';
import { useTestApp } from '../helper.ts';

/**
 * Issue "Exactly once, in one place", demo data: the Payments page shows something on a first look, one payment
 * needing attention and one partly refunded, and the demo's payments are in the sandbox's books, so a refund from
 * the console goes through it and the customer sees it in Sent Shipments.
 */
describe('the demo payments', () => {
  const s = useTestApp(seedDemoSignedIn);

  const list = async (query = '') =>
    (await s.t.app.inject({ method: 'GET', url: `/api/staff/payments${query}`, headers: s.staff })).json() as {
      data: StaffPayment[];
      total: number;
      totalCapped: boolean;
    };

  it('holds one payment needing attention and one partly refunded, beside the captured ones', async () => {
    const all = await list('?pageSize=100');
    // The third captured one is the returned sneakers' fee (decision 068).
    expect(all.data.map((p) => p.status).sort()).toEqual(['CAPTURED', 'CAPTURED', 'CAPTURED', 'NEEDS_ATTENTION', 'PARTIALLY_REFUNDED']);
    expect(all.data.filter((p) => p.kind === 'request')).toEqual([expect.objectContaining({ status: 'CAPTURED', amount: 35 })]);
    const partly = all.data.find((p) => p.status === 'PARTIALLY_REFUNDED') as StaffPayment;
    expect(partly).toMatchObject({
      refundedAmount: 25,
      lockerNumber: 'HB100001',
      customerName: 'Dana Demo',
      refunds: [expect.objectContaining({ amount: 25, staffName: 'Sam Warehouse' })],
    });
    expect(partly.shipmentCodes).toHaveLength(1);
    // Under the cap the count is exact (decision 072).
    expect(all).toMatchObject({ total: 5, totalCapped: false });
    const needing = await list('?status=NEEDS_ATTENTION');
    expect(needing).toMatchObject({ total: 1, totalCapped: false });
    expect(needing.data[0]).toMatchObject({ shipmentIds: [], refundedAmount: 0, provider: 'sandbox' });
  });

  it('refunds the payment needing attention through the sandbox, and its customer sees it in the shipment of the package', async () => {
    const [needing] = (await list('?status=NEEDS_ATTENTION')).data;
    if (!needing) throw new Error('no payment needing attention');
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${needing.id}/refund`,
      headers: s.staff,
      payload: { amount: needing.amount, reason: 'You paid twice for the Skincare set' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'REFUNDED', refundedAmount: needing.amount });

    const sent = (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.customer })).json().data as {
      id: number;
      paymentReference: string | null;
    }[];
    const skincare = sent.find((x) => x.paymentReference === 'demo-skincare-set');
    const refunds = await s.t.app.inject({ method: 'GET', url: `/api/user/shipments/${skincare?.id}/refunds`, headers: s.customer });
    expect(refunds.json().data).toEqual([
      expect.objectContaining({ amount: needing.amount, reason: 'You paid twice for the Skincare set', orderRef: needing.orderRef }),
    ]);
  });
});

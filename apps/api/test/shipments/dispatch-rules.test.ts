import { messages } from '@hopbox/contracts/messages';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { describe, expect, it } from 'vitest';
import { expectError, paySinglePackage, receivePackage, staffAndCustomerAtHome, staffUpdateShipment, useTestApp } from '../helper.ts';

/** The warehouse rules the screens show are the API's own: the API refuses what the console refuses. */
describe("shipments: the dispatch rules are the API's own", () => {
  const s = useTestApp(staffAndCustomerAtHome);

  describe('PUT /api/staff/shipments/{id}: a shipment is Shipped or Delivered only with its AWB', () => {
    const update = (id: number, payload: Record<string, unknown>) => staffUpdateShipment(s.t, s.staff, id, payload);
    const staffView = async (id: number) =>
      (
        (await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.staff })).json().data as StaffShipment[]
      ).find((shipment) => shipment.id === id) as StaffShipment;

    /** A paid shipment waiting for dispatch, as staff see it. */
    async function paidShipment(): Promise<StaffShipment> {
      const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
      const paid = await paySinglePackage(s.t, s.customer.headers, pkg, s.home);
      const all = (await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.staff })).json()
        .data as StaffShipment[];
      const found = all.find((shipment) => shipment.shipmentId === paid.shipmentId);
      expect(found?.paymentStatus).toBe('Paid');
      return found as StaffShipment;
    }

    for (const status of ['Shipped', 'Delivered']) {
      it(`refuses ${status} without an AWB: 409 naming awb, nothing changes`, async () => {
        const shipment = await paidShipment();
        for (const awb of [undefined, null, '', '   ']) {
          const res = await update(shipment.id, { shipmentStatus: status, ...(awb === undefined ? {} : { awb }) });
          expectError(res, 409, messages.shipments.awbRequired(status), 'awb');
        }
        expect(await staffView(shipment.id)).toMatchObject({ shipmentStatus: shipment.shipmentStatus, awb: null });
      });
    }

    it('accepts the AWB and Shipped in the same update, and Delivered later without repeating it', async () => {
      const shipment = await paidShipment();
      const shipped = await update(shipment.id, { awb: ' AWB-7781 ', shipmentStatus: 'Shipped' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().data).toMatchObject({ awb: 'AWB-7781', shipmentStatus: 'Shipped' });
      const delivered = await update(shipment.id, { shipmentStatus: 'Delivered' });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json().data).toMatchObject({ awb: 'AWB-7781', shipmentStatus: 'Delivered' });
    });

    it('accepts an AWB entered before Shipped, on a Processed shipment', async () => {
      const shipment = await paidShipment();
      const processed = await update(shipment.id, { awb: 'AWB-1200', shipmentStatus: 'Processed' });
      expect(processed.statusCode, processed.body).toBe(200);
      const shipped = await update(shipment.id, { shipmentStatus: 'Shipped' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().data).toMatchObject({ awb: 'AWB-1200', shipmentStatus: 'Shipped' });
    });

    it('refuses to clear the AWB of a Shipped shipment: 409 naming awb, the AWB stays', async () => {
      const shipment = await paidShipment();
      expect((await update(shipment.id, { awb: 'AWB-5500', shipmentStatus: 'Shipped' })).statusCode).toBe(200);
      for (const awb of [null, '']) expectError(await update(shipment.id, { awb }), 409, messages.shipments.awbKept('Shipped'), 'awb');
      expectError(
        await update(shipment.id, { awb: null, shipmentStatus: 'Delivered' }),
        409,
        messages.shipments.awbRequired('Delivered'),
        'awb',
      );
      expect(await staffView(shipment.id)).toMatchObject({ awb: 'AWB-5500', shipmentStatus: 'Shipped' });
      const replaced = await update(shipment.id, { awb: 'AWB-5501' });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data.awb).toBe('AWB-5501');
    });
  });
});

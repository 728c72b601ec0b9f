import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers, TestCustomer } from '../helper.ts';
import { addAddress, buildTestApp, expectError, paySinglePackage, receivePackage, type TestApp } from '../helper.ts';

/** The warehouse rules the screens show are the API's own: the API refuses what the console refuses. */
describe("shipments: the dispatch rules are the API's own", () => {
  let t: TestApp;
  let staff: Headers;
  let customer: TestCustomer;
  let home: Address;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = (await t.userWithToken('staff')).headers;
    customer = await t.customer();
    home = await addAddress(t, customer.headers);
  });
  afterAll(() => t.close());

  describe('PUT /api/staff/shipments/{id}: a shipment is Shipped or Delivered only with its AWB', () => {
    const update = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/staff/shipments/${id}`, headers: staff, payload });
    const staffView = async (id: number) =>
      ((await t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: staff })).json().data as StaffShipment[]).find(
        (s) => s.id === id,
      ) as StaffShipment;

    /** A paid shipment waiting for dispatch, as staff see it. */
    async function paidShipment(): Promise<StaffShipment> {
      const pkg = await receivePackage(t, staff, customer.locker);
      const paid = await paySinglePackage(t, customer.headers, pkg, home);
      const all = (await t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: staff })).json()
        .data as StaffShipment[];
      const found = all.find((s) => s.shipmentId === paid.shipmentId);
      expect(found?.paymentStatus).toBe('Paid');
      return found as StaffShipment;
    }

    for (const status of ['Shipped', 'Delivered']) {
      it(`refuses ${status} without an AWB: 409 naming awb, nothing changes`, async () => {
        const s = await paidShipment();
        for (const awb of [undefined, null, '', '   ']) {
          const res = await update(s.id, { shipmentStatus: status, ...(awb === undefined ? {} : { awb }) });
          expectError(res, 409, messages.shipments.awbRequired(status), 'awb');
        }
        expect(await staffView(s.id)).toMatchObject({ shipmentStatus: s.shipmentStatus, awb: null });
      });
    }

    it('accepts the AWB and Shipped in the same update, and Delivered later without repeating it', async () => {
      const s = await paidShipment();
      const shipped = await update(s.id, { awb: ' AWB-7781 ', shipmentStatus: 'Shipped' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().data).toMatchObject({ awb: 'AWB-7781', shipmentStatus: 'Shipped' });
      const delivered = await update(s.id, { shipmentStatus: 'Delivered' });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json().data).toMatchObject({ awb: 'AWB-7781', shipmentStatus: 'Delivered' });
    });

    it('accepts an AWB entered before Shipped, on a Processed shipment', async () => {
      const s = await paidShipment();
      const processed = await update(s.id, { awb: 'AWB-1200', shipmentStatus: 'Processed' });
      expect(processed.statusCode, processed.body).toBe(200);
      const shipped = await update(s.id, { shipmentStatus: 'Shipped' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().data).toMatchObject({ awb: 'AWB-1200', shipmentStatus: 'Shipped' });
    });

    it('refuses to clear the AWB of a Shipped shipment: 409 naming awb, the AWB stays', async () => {
      const s = await paidShipment();
      expect((await update(s.id, { awb: 'AWB-5500', shipmentStatus: 'Shipped' })).statusCode).toBe(200);
      for (const awb of [null, '']) expectError(await update(s.id, { awb }), 409, messages.shipments.awbKept('Shipped'), 'awb');
      expectError(await update(s.id, { awb: null, shipmentStatus: 'Delivered' }), 409, messages.shipments.awbRequired('Delivered'), 'awb');
      expect(await staffView(s.id)).toMatchObject({ awb: 'AWB-5500', shipmentStatus: 'Shipped' });
      const replaced = await update(s.id, { awb: 'AWB-5501' });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data.awb).toBe('AWB-5501');
    });
  });
});

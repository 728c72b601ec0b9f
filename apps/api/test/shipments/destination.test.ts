import type { SentShipment, StaffShipment } from '@hopbox/contracts/shipments';
import { SAMPLE_DESTINATION } from '@hopbox/contracts/test-fixtures';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipments } from '../../src/db/schema.ts';
import type { TestCustomer } from '../helper.ts';
import { addAddress, expectError, paySinglePackage, receivePackage, shipmentBody, useTestApp } from '../helper.ts';

/** Decision 027: a shipment keeps the recipient of the address it was made from, and staff see the whole destination. */
describe('shipments: the recipient and the full destination for dispatch', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const [dana, eli] = [await t.customer(), await t.customer()];
    const { destination: country, phone: phoneNumber, ...lines } = SAMPLE_DESTINATION;
    const sister = await addAddress(t, dana.headers, { label: 'Sister', ...lines, country, phoneNumber });
    const own = await addAddress(t, eli.headers, { label: 'Home', phoneNumber: null });
    return { staff, dana, eli, sister, own };
  });

  const consolidate = async (c: TestCustomer, address: typeof s.sister) => {
    const pkgs = [await receivePackage(s.t, s.staff, c.locker), await receivePackage(s.t, s.staff, c.locker)];
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments',
      headers: c.headers,
      payload: shipmentBody(pkgs, address, { addressId: address.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; shipmentId: string };
  };
  const staffShipment = async (id: number) => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.staff });
    expect(res.statusCode).toBe(200);
    return (res.json().data as StaffShipment[]).find((r) => r.id === id) as StaffShipment;
  };
  const storedRecipient = async (id: number) =>
    (await s.t.db.select({ recipientName: shipments.recipientName }).from(shipments).where(eq(shipments.id, id)))[0]?.recipientName;

  it("stores the address's recipient on a consolidation, and staff see the full destination", async () => {
    const created = await consolidate(s.dana, s.sister);
    expect(await storedRecipient(created.id)).toBe(SAMPLE_DESTINATION.recipientName);
    expect(await staffShipment(created.id)).toMatchObject(SAMPLE_DESTINATION);
  });

  it("answers the customer's full name for a shipment without a recipient, and the account's phone without one", async () => {
    const created = await consolidate(s.eli, s.own);
    expect(await storedRecipient(created.id)).toBeNull();
    const row = await staffShipment(created.id);
    expect(row.recipientName).toBe(`${s.eli.firstName} ${s.eli.lastName}`);
    expect(row.recipientName).toBe(row.customerName);
    expect(row).toMatchObject({ address: s.own.address, city: s.own.city, state: s.own.state, postalCode: s.own.postalCode });
    expect(row.phone).toBe(row.customerPhone);
  });

  it('gives the single staff answer (PUT) the same destination', async () => {
    const created = await consolidate(s.dana, s.sister);
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `/api/staff/shipments/${created.id}`,
      headers: s.staff,
      payload: { consolidationStatus: 'In Progress' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recipientName: SAMPLE_DESTINATION.recipientName, city: 'Paris', postalCode: '75018' });
  });

  it('keeps the recipient of a single package paid by card (the copy the payment was priced on)', async () => {
    const pkg = await receivePackage(s.t, s.staff, s.dana.locker);
    const paid = await paySinglePackage(s.t, s.dana.headers, pkg, s.sister);
    const [row] = await s.t.db.select().from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    expect(row?.recipientName).toBe(SAMPLE_DESTINATION.recipientName);
    expect((await staffShipment(row?.id as number)).recipientName).toBe(SAMPLE_DESTINATION.recipientName);
  });

  it('shows the customer the full destination of a sent shipment: recipient, lines, city, state, postal code, country, phone', async () => {
    const pkg = await receivePackage(s.t, s.staff, s.dana.locker);
    const paid = await paySinglePackage(s.t, s.dana.headers, pkg, s.sister);
    const res = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.dana.headers });
    expect(res.statusCode).toBe(200);
    const sent = (res.json().data as SentShipment[]).find((r) => r.shipmentId === paid.shipmentId);
    expect(sent).toMatchObject(SAMPLE_DESTINATION);
    // Only the customer's own shipments: another customer's list does not have it.
    const other = await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: s.eli.headers });
    expect((other.json().data as SentShipment[]).some((r) => r.shipmentId === paid.shipmentId)).toBe(false);
  });

  it("refuses another customer's address for a shipment, and the staff list needs staff", async () => {
    const pkgs = [await receivePackage(s.t, s.staff, s.eli.locker), await receivePackage(s.t, s.staff, s.eli.locker)];
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/user/shipments',
      headers: s.eli.headers,
      payload: shipmentBody(pkgs, s.sister, { addressId: s.sister.id }),
    });
    expect(res.statusCode).toBe(400);
    const customer = await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.eli.headers });
    expect(customer.statusCode).toBe(403);
  });

  it('answers 404 for an unknown shipment on the staff update', async () => {
    expectError(
      await s.t.app.inject({ method: 'PUT', url: '/api/staff/shipments/999999', headers: s.staff, payload: { readyToShip: true } }),
      404,
      'Shipment not found',
    );
  });
});

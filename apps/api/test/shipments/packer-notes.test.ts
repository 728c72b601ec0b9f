import { internalNoteMessages } from '@hopbox/contracts/internal-notes';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../carriers/pdf-text.ts';
import { expectError, type Headers, mailText, receivePackage, shipmentBody, staffAndCustomerAtHome, useTestApp } from '../helper.ts';

const NOTE = 'Please remove shoe box to save weight';
const INTERNAL = 'Glass inside: pack it on top, customer called on Tuesday';

/**
 * Issue "Nothing lost between the customer and the shelf", the customer's words reach the packer (decision 053):
 * the note from the wizard shows on the consolidation, in its history and on the packing slip, with the pick list
 * in walking order of the packages' locations; staff's internal notes stay in the console, in no customer answer,
 * mail or PDF.
 */
describe("the customer's note, the pick list and internal notes", () => {
  const s = useTestApp(async (t) => {
    const { staff, customer, home } = await staffAndCustomerAtHome(t, { firstName: 'Nadia', lastName: 'Packer' });
    const pkgs = [];
    for (const location of ['B-2', 'A-10', 'A-2']) pkgs.push(await receivePackage(t, staff, customer.locker, { location }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/shipments',
      headers: customer.headers,
      payload: shipmentBody(pkgs, home, { isSinglePackage: false, shipmentStatus: 'Pending', notes: NOTE }),
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    return { staff, customer, pkgs, shipment: created.json().data as { id: number; shipmentId: string } };
  });

  const consolidating = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=consolidating', headers: s.staff });
    return (res.json().data as StaffShipment[]).find((x) => x.id === s.shipment.id) as StaffShipment;
  };
  const addNote = (body: unknown, headers: Headers = s.staff, id = s.shipment.id) =>
    s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/notes`, headers, payload: { body } });
  const slip = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/shipments/${s.shipment.id}/packing-slip`, headers: s.staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    return (await pdfPageTexts(res.rawPayload)).flat();
  };

  it("the consolidation carries the customer's note and its packages in walking order (A-2, A-10, B-2)", async () => {
    const shipment = await consolidating();
    expect(shipment.customerNote).toBe(NOTE);
    expect(shipment.picks.map((p) => p.location)).toEqual(['A-2', 'A-10', 'B-2']);
    expect(shipment.picks.map((p) => p.hopboxId)).toEqual([s.pkgs[2]?.hopboxId, s.pkgs[1]?.hopboxId, s.pkgs[0]?.hopboxId]);
  });

  it("its history opens with the customer's order and note", async () => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/shipment/${s.shipment.id}`, headers: s.staff });
    expect(res.json().data[0]).toMatchObject({
      action: 'shipment.created',
      actor: 'Nadia Packer',
      after: { customerNote: NOTE, packages: s.pkgs.map((p) => p.hopboxId) },
    });
  });

  it("the packing slip prints the note and each package's location, in the order of the pick list", async () => {
    const lines = await slip();
    expect(lines).toContain(NOTE);
    expect(lines).toContain(s.shipment.shipmentId);
    const at = (text: string) => lines.indexOf(text);
    expect(at('A-2')).toBeGreaterThan(-1);
    expect(at('A-2')).toBeLessThan(at('A-10'));
    expect(at('A-10')).toBeLessThan(at('B-2'));
  });

  it('staff add internal notes: 201 with the author, shown on the consolidation and in its history', async () => {
    const res = await addNote(`  ${INTERNAL}  `);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ body: INTERNAL, authorName: expect.any(String) });
    expect((await consolidating()).internalNotes.map((n) => n.body)).toEqual([INTERNAL]);
    const trail = await s.t.app.inject({ method: 'GET', url: `/api/staff/audit/shipment/${s.shipment.id}`, headers: s.staff });
    expect(trail.json().data.at(-1)).toMatchObject({ action: 'note.added', after: { internalNote: INTERNAL } });
    const onPackage = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/packages/${s.pkgs[0]?.id}/notes`,
      headers: s.staff,
      payload: { body: `${INTERNAL} (package)` },
    });
    expect(onPackage.statusCode).toBe(201);
  });

  it('an empty, too long or misplaced note is refused and nothing is stored; customers cannot write one', async () => {
    expectError(await addNote('   '), 400, internalNoteMessages.required, 'body');
    expectError(await addNote('x'.repeat(1001)), 400, internalNoteMessages.tooLong, 'body');
    expect((await addNote('hello', s.staff, 999_999)).statusCode).toBe(404);
    expect((await addNote('hello', s.customer.headers)).statusCode).toBe(403);
    expect((await consolidating()).internalNotes).toHaveLength(1);
  });

  it('internal notes reach no customer answer, mail or PDF', async () => {
    const answers = await Promise.all(
      [
        '/api/user/shipments/consolidated',
        '/api/user/received-packages',
        `/api/user/received-packages/${s.pkgs[0]?.id}`,
        '/api/user/shipments/sent',
      ].map((url) => s.t.app.inject({ method: 'GET', url, headers: s.customer.headers })),
    );
    for (const res of answers) expect(res.body).not.toContain('Glass inside');
    for (const mail of s.t.mailsTo(s.customer.email)) expect(mailText(mail)).not.toContain('Glass inside');
    expect((await slip()).join('\n')).not.toContain('Glass inside');
  });
});

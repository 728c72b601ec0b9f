import { SANDBOX_JOURNEY } from '@hopbox/contracts/tracking';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxCarrierBookings } from '../../src/db/schema.ts';
import { type CarrierProvider, CarrierRefusedError } from '../../src/providers/carriers/carrier-provider.ts';
import { LABEL_PAGE_SIZE } from '../../src/providers/carriers/label-pdf.ts';
import { createSandboxCarrier } from '../../src/providers/carriers/sandbox-carrier.ts';
import { useTestApp } from '../helper.ts';
import { bookingRequest } from './booking-request.ts';
import { isPdf, pdfPageTexts } from './pdf-text.ts';

/** CARRIER_PROVIDER=sandbox: bookings and tracking kept in the app's database. */
describe('sandbox carrier', () => {
  const s = useTestApp();
  let carrier: CarrierProvider;
  beforeAll(() => {
    carrier = createSandboxCarrier(s.t.db);
  });

  const rowsOf = (reference: string) => s.t.db.select().from(sandboxCarrierBookings).where(eq(sandboxCarrierBookings.reference, reference));

  it('is the app carrier by default', () => {
    expect(s.t.app.deps.carriers.current.name).toBe('sandbox');
    expect(carrier.name).toBe('sandbox');
  });

  it('issues a different HBS AWB for every shipment, also when booked at once', async () => {
    const awbs = await Promise.all(Array.from({ length: 20 }, () => carrier.book(bookingRequest()).then((b) => b.awb)));
    for (const awb of awbs) expect(awb).toMatch(/^HBS\d{9}$/);
    expect(new Set(awbs).size).toBe(20);
  });

  it('answers the same AWB when a reference is booked again, and stores the first booking', async () => {
    const request = bookingRequest();
    const { awb } = await carrier.book(request);
    expect(await carrier.book({ ...request, weight: 9.9 })).toEqual({ awb });
    const rows = await rowsOf(request.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ awb, step: 0, eventTimes: [], booking: request });
  });

  it('books a reference once when it is booked several times at once', async () => {
    const request = bookingRequest();
    const answers = await Promise.all(Array.from({ length: 6 }, () => carrier.book(request)));
    expect(new Set(answers.map((a) => a.awb)).size).toBe(1);
    expect(await rowsOf(request.reference)).toHaveLength(1);
  });

  it('refuses a booking without weight, without pieces or without a reference, and stores nothing', async () => {
    const cases: [Parameters<typeof bookingRequest>[0], string][] = [
      [{ weight: 0 }, 'The weight must be greater than 0 kg'],
      [{ weight: Number.NaN }, 'The weight must be greater than 0 kg'],
      [{ pieces: 0 }, 'The shipment must have at least 1 piece'],
      [{ pieces: 1.5 }, 'The shipment must have at least 1 piece'],
      [{ reference: '' }, 'The shipper reference must be 1 to 60 characters'],
    ];
    for (const [overrides, message] of cases) {
      const request = bookingRequest(overrides);
      const refusal = carrier.book(request);
      await expect(refusal).rejects.toBeInstanceOf(CarrierRefusedError);
      await expect(refusal).rejects.toThrow(message);
      expect(await rowsOf(request.reference)).toHaveLength(0);
    }
  });

  it('prints a 100 × 150 mm label that shows the AWB and the booking', async () => {
    const request = bookingRequest({ lockerNumber: 'HB30303' });
    const { awb } = await carrier.book(request);
    const pdf = await carrier.label(awb);
    expect(isPdf(pdf)).toBe(true);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Shipping label ${awb}`);
    expect(Object.values(doc.getPage(0).getSize())).toEqual(LABEL_PAGE_SIZE);
    const [lines] = await pdfPageTexts(pdf);
    expect(lines).toEqual(expect.arrayContaining(['Hopbox Sandbox Express', awb, request.reference, 'HB30303', 'Zoë Al-Mansouri']));
  });

  it('refuses the label and the tracking of an AWB it never issued', async () => {
    for (const read of [carrier.label('HBS000000000'), carrier.track('HBS000000000')]) {
      await expect(read).rejects.toBeInstanceOf(CarrierRefusedError);
      await expect(read).rejects.toThrow('Unknown AWB HBS000000000');
    }
  });

  it('moves one step along the journey per tracking read, repeats every event with its first time, and stays delivered', async () => {
    const { awb } = await carrier.book(bookingRequest());
    const reads = [];
    for (let i = 0; i < SANDBOX_JOURNEY.length + 2; i++) reads.push(await carrier.track(awb));

    expect(reads.map((events) => events.length)).toEqual([1, 2, 3, 4, 5, 5, 5]);
    const delivered = reads[4] ?? [];
    expect(delivered.map(({ code, stage, status }) => ({ code, stage, status }))).toEqual(SANDBOX_JOURNEY.map((step) => ({ ...step })));
    expect(delivered.map((e) => e.location)).toEqual([
      'Wilmington, United States of America',
      'Wilmington, United States of America',
      'Dubai, United Arab Emirates',
      'Dubai, United Arab Emirates',
      'Dubai, United Arab Emirates',
    ]);
    for (const event of delivered) expect(event.description).toMatch(/\w/);
    // Every read repeats the earlier events unchanged, at the time they were first issued.
    reads.forEach((events, i) => {
      expect(events).toEqual(delivered.slice(0, Math.min(i + 1, delivered.length)));
    });
    const times = delivered.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('moves exactly two steps when two reads come at once', async () => {
    const { awb } = await carrier.book(bookingRequest());
    const both = await Promise.all([carrier.track(awb), carrier.track(awb)]);
    expect(both.map((events) => events.length).sort()).toEqual([1, 2]);
    const [row] = await s.t.db.select().from(sandboxCarrierBookings).where(eq(sandboxCarrierBookings.awb, awb));
    expect(row).toMatchObject({ step: 2 });
    expect(row?.eventTimes).toHaveLength(2);
    expect(await carrier.track(awb)).toHaveLength(3);
  });
});

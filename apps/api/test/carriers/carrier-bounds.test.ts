import { PassThrough } from 'node:stream';
import type { ShipmentTracking, StaffShipment } from '@hopbox/contracts/shipments';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shipmentEvents, shipments } from '../../src/db/schema.ts';
import { CARRIER_LIMITS } from '../../src/providers/carriers/carrier-bounds.ts';
import { secretScrubber } from '../../src/providers/carriers/carrier-secrets.ts';
import { addAddress, buildTestApp, type Headers, paySinglePackage, receivePackage, type TestApp, type TestCustomer } from '../helper.ts';
import { C3X_FAKE_ACCOUNT, type C3xFake, c3xCarrierEnv, startC3xFake } from './c3x-fake.ts';

/** A password with what each encoding writes differently: a slash, a plus, a space, quotes, an accent. */
const PASSWORD = 'p@ss/wörd "x"+1 ok';

/** Every way a carrier could echo the password back: plain, URL- and form-encoded, JSON-escaped, in base64. */
function echoes(userName: string, password: string): Record<string, string> {
  const basic = Buffer.from(`${userName}:${password}`).toString('base64');
  return {
    plain: password,
    'URL-encoded': encodeURIComponent(password),
    'URL-encoded, lower-case escapes': encodeURIComponent(password).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    'form-encoded': new URLSearchParams({ p: password }).toString().slice(2),
    'JSON-escaped': JSON.stringify(password).slice(1, -1),
    'JSON-escaped, ASCII only': JSON.stringify(password)
      .slice(1, -1)
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    base64: Buffer.from(password).toString('base64'),
    'Basic authorization': `Basic ${basic}`,
    base64url: Buffer.from(`x${password}`).toString('base64url'),
  };
}

/**
 * A suite's app on its own C3X fake (`env` gives the carrier's settings for that fake), with a staff member, a
 * customer, and what the app logs kept in `logged`.
 */
function useAppOnC3xFake(env: (fake: C3xFake) => Record<string, string>) {
  const suite = { logged: '' } as { fake: C3xFake; t: TestApp; logged: string; staff: Headers; customer: TestCustomer };
  beforeAll(async () => {
    suite.fake = await startC3xFake();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      suite.logged += chunk.toString('utf8');
    });
    suite.t = await buildTestApp(env(suite.fake), { logStream: stream });
    suite.staff = (await suite.t.userWithToken('staff')).headers;
    suite.customer = await suite.t.customer();
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.fake.close();
  });
  return suite;
}

describe('the one scrub of carrier credentials', () => {
  const scrub = secretScrubber([C3X_FAKE_ACCOUNT.accountNo, 'hopbox-carrier', PASSWORD]);
  for (const [encoding, echoed] of Object.entries(echoes('hopbox-carrier', PASSWORD))) {
    it(`replaces the password ${encoding}`, () => {
      const scrubbed = scrub(`Login refused for ${echoed} (try again)`);
      for (const form of Object.values(echoes('hopbox-carrier', PASSWORD))) expect(scrubbed).not.toContain(form.replace(/^Basic /, ''));
      expect(scrubbed).toContain('***');
      expect(scrubbed).toMatch(/^Login refused for .*\(try again\)$/);
    });
  }

  it('replaces the account number and user name, and leaves other text alone', () => {
    expect(scrub(`Account ${C3X_FAKE_ACCOUNT.accountNo} of hopbox-carrier is locked`)).toBe('Account *** of *** is locked');
    expect(scrub('Consignee phone number is mandatory')).toBe('Consignee phone number is mandatory');
    expect(secretScrubber([undefined, '', 'ab'])('ab cd')).toBe('ab cd');
  });
});

/** Issue "Exactly once, in one place", loose ends: what a carrier answers is bounded, and its secrets stay with us. */
describe('carrier answers are bounded (C3X against its local fake)', () => {
  const s = useAppOnC3xFake(c3xCarrierEnv);
  afterEach(() => s.fake.reset());

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers = s.staff) => s.t.app.inject({ method, url, headers });

  async function paidShipment(): Promise<number> {
    const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
    const paid = await paySinglePackage(s.t, s.customer.headers, pkg, await addAddress(s.t, s.customer.headers));
    const [row] = await s.t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    return row?.id as number;
  }

  async function bookedShipment(): Promise<{ id: number; awb: string }> {
    const id = await paidShipment();
    const res = await inject('POST', `/api/staff/shipments/${id}/airway-bill`);
    expect(res.statusCode, res.body).toBe(200);
    return { id, awb: res.json().data.awb };
  }

  const carrierError = async (id: number) =>
    (await s.t.db.select({ error: shipments.carrierError }).from(shipments).where(eq(shipments.id, id)))[0]?.error;

  /** A label answer whose PDF is `bytes` long. */
  const labelOf = (bytes: number) => ({
    Code: 1,
    Description: 'Success',
    ReportDoc: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]).toString('base64'),
  });

  it('refuses a label over 5 MB with a clear error kept for staff, and the process goes on', async () => {
    const { id } = await bookedShipment();
    await s.t.app.deps.storage.delete(`labels/${id}.pdf`);
    await s.t.db.update(shipments).set({ labelKey: null }).where(eq(shipments.id, id));
    s.fake.setMode({ kind: 'answer', json: labelOf(CARRIER_LIMITS.labelBytes + 20_000) }, 'AirwayBillPDFFormat');
    const res = await inject('GET', `/api/staff/shipments/${id}/label`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('C3X answered a label of 5.1 MB, over the 5 MB a label may be');
    expect(await carrierError(id)).toBe('C3X answered a label of 5.1 MB, over the 5 MB a label may be');

    // An answer far larger is not even read to its end.
    s.fake.setMode({ kind: 'answer', json: labelOf(9 * 1024 * 1024) }, 'AirwayBillPDFFormat');
    expect((await inject('GET', `/api/staff/shipments/${id}/label`)).statusCode).toBe(502);
    expect(await carrierError(id)).toMatch(/^C3X AirwayBillPDFFormat answered more than 6\.\d MB$/);

    s.fake.reset();
    const label = await inject('GET', `/api/staff/shipments/${id}/label`);
    expect(label.statusCode).toBe(200);
    expect((await inject('GET', '/api/health', {})).statusCode).toBe(200);
  });

  it(`keeps the newest ${CARRIER_LIMITS.eventsPerRead} events of a read and answers the newest ${CARRIER_LIMITS.eventsPerAnswer}`, async () => {
    const { id, awb } = await bookedShipment();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute) - 4 * 3_600_000);
    s.fake.setTracking(
      awb,
      Array.from({ length: 500 }, (_, i) => {
        const when = at(i);
        return {
          ActivityDate: when.toISOString().slice(0, 10),
          ActivityTime: when.toISOString().slice(11, 16),
          StatusCode: 'AF',
          Status: `Scan ${i + 1}`,
          Location: 'Dubai Hub',
        };
      }),
    );
    const refreshed = await inject('POST', `/api/staff/shipments/${id}/tracking/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const [stored] = await s.t.db.select({ n: count() }).from(shipmentEvents).where(eq(shipmentEvents.shipmentId, id));
    expect(stored?.n).toBe(CARRIER_LIMITS.eventsPerRead);
    expect(s.logged).toContain('carrier answered more events than kept');

    const timeline = (await inject('GET', `/api/user/shipments/${id}/tracking`, s.customer.headers)).json().data as ShipmentTracking;
    expect(timeline.events).toHaveLength(CARRIER_LIMITS.eventsPerAnswer);
    expect(timeline.events[0]?.status).toBe('Scan 500');
    expect(timeline.events.at(-1)?.status).toBe(`Scan ${500 - CARRIER_LIMITS.eventsPerAnswer + 1}`);
  });
});

describe('C3X credentials echoed by the carrier are scrubbed in every encoding', () => {
  const s = useAppOnC3xFake((fake) => ({ ...c3xCarrierEnv(fake), C3X_PASSWORD: PASSWORD }));

  for (const [encoding, echoed] of Object.entries(echoes(C3X_FAKE_ACCOUNT.userName, PASSWORD))) {
    it(`${encoding}: not in the answer to staff, the stored error or the log`, async () => {
      const pkg = await receivePackage(s.t, s.staff, s.customer.locker);
      const paid = await paySinglePackage(s.t, s.customer.headers, pkg, await addAddress(s.t, s.customer.headers));
      const all = (await s.t.app.inject({ method: 'GET', url: '/api/staff/shipments?status=all', headers: s.staff })).json()
        .data as StaffShipment[];
      const shipment = all.find((row) => row.shipmentId === paid.shipmentId) as StaffShipment;
      s.fake.setMode({ kind: 'refuse', description: `Authentication failed for ${echoed}; check the account` });
      s.logged = '';
      const res = await s.t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/airway-bill`, headers: s.staff });
      expect(res.statusCode).toBe(502);
      const stored = (await s.t.db.select({ error: shipments.carrierError }).from(shipments).where(eq(shipments.id, shipment.id)))[0]
        ?.error as string;
      expect(stored).toMatch(/^Authentication failed for .*\*\*\*.*; check the account$/);
      expect(s.logged).toContain('carrier booking failed');
      for (const text of [res.body, stored, s.logged]) {
        for (const form of Object.values(echoes(C3X_FAKE_ACCOUNT.userName, PASSWORD))) expect(text).not.toContain(form);
        expect(text).not.toContain(Buffer.from(PASSWORD).toString('base64').slice(0, 12));
        expect(text).not.toContain(JSON.stringify(JSON.stringify(PASSWORD).slice(1, -1)).slice(1, -1));
      }
    });
  }
});

import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createC3xCarrier } from '../../src/providers/carriers/c3x-carrier.ts';
import { type CarrierProvider, CarrierRefusedError, CarrierUnavailableError } from '../../src/providers/carriers/carrier-provider.ts';
import { buildTestApp } from '../helper.ts';
import { closedPort } from '../providers/fake-http.ts';
import { bookingRequest } from './booking-request.ts';
import { C3X_FAKE_ACCOUNT, type C3xFake, c3xCarrierEnv, startC3xFake } from './c3x-fake.ts';
import { failure } from './carrier-failure.ts';
import { isPdf } from './pdf-text.ts';

const ACCOUNT_FIELDS = { AccountNo: C3X_FAKE_ACCOUNT.accountNo, UserName: C3X_FAKE_ACCOUNT.userName, Password: C3X_FAKE_ACCOUNT.password };

/** CARRIER_PROVIDER=c3x against a local fake of C3X Express's carrier API. */
describe('C3X Express carrier', () => {
  let fake: C3xFake;
  let carrier: CarrierProvider;
  beforeAll(async () => {
    fake = await startC3xFake();
    carrier = createC3xCarrier({ baseUrl: `${fake.url}/`, ...C3X_FAKE_ACCOUNT, timeoutMs: 300 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const bookOne = async () => (await carrier.book(bookingRequest())).awb;

  it('is the app carrier with CARRIER_PROVIDER=c3x, on the C3X_* account', async () => {
    const t = await buildTestApp(c3xCarrierEnv(fake));
    try {
      expect(t.app.deps.carriers.current.name).toBe('c3x');
      const { awb } = await t.app.deps.carriers.current.book(bookingRequest());
      expect(fake.booked.has(awb)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('books with the account, the reference, both parties, the goods and the measures, and answers the AWB', async () => {
    const request = bookingRequest();
    const { awb } = await carrier.book(request);
    expect(awb).toMatch(/^\d{8}$/);
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/C3XService.svc/CreateAirwayBill');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      ...ACCOUNT_FIELDS,
      ShipperReference: request.reference,
      ShipperName: 'Hopbox US Warehouse',
      ShipperAddress: '1200 Commerce Drive, Suite 400',
      ShipperCity: 'Wilmington',
      ShipperCountry: 'US',
      ShipperPhone: '+1 302 555 0100',
      ConsigneeName: 'Zoë Al-Mansouri',
      ConsigneeAddress: 'Villa 12, Street 14, Al Wasl',
      ConsigneeCity: 'Dubai',
      ConsigneeState: '',
      ConsigneeZip: '',
      ConsigneeCountry: 'AE',
      ConsigneePhone: '+971 50 123 4567',
      GoodsDescription: 'Clothes, shoes and two books',
      DeclaredValue: 245.5,
      Currency: 'USD',
      Pieces: 2,
      Weight: 4.8,
      Length: 45,
      Width: 35,
      Height: 25,
      ProductType: 'XPS',
      ServiceType: 'NOR',
    });
  });

  it("refuses with C3X's own Description when its Code is not 1", async () => {
    fake.setMode({ kind: 'refuse', description: 'Consignee phone number is mandatory' });
    const refusal = await failure(carrier.book(bookingRequest()), CarrierRefusedError);
    expect(refusal.message).toBe('Consignee phone number is mandatory');

    fake.setMode({ kind: 'refuse', description: '' });
    expect((await failure(carrier.book(bookingRequest()), CarrierRefusedError)).message).toBe('The carrier refused the request');

    fake.reset();
    const wrongAccount = createC3xCarrier({ baseUrl: fake.url, ...C3X_FAKE_ACCOUNT, password: 'not-the-password' });
    expect((await failure(wrongAccount.book(bookingRequest()), CarrierRefusedError)).message).toBe('Invalid account credentials');
  });

  it('is unavailable when C3X does not answer in time, answers HTTP 500 or not JSON, or cannot be reached', async () => {
    fake.setMode({ kind: 'slow', ms: 2_000 });
    const slow = await failure(carrier.book(bookingRequest()), CarrierUnavailableError);
    expect(slow.message).toMatch(/^C3X CreateAirwayBill unreachable: .*timeout/i);

    fake.setMode({ kind: 'http-500' });
    expect((await failure(carrier.book(bookingRequest()), CarrierUnavailableError)).message).toBe('C3X CreateAirwayBill answered HTTP 500');

    fake.setMode({ kind: 'not-json' }, 'Tracking');
    const notJson = await failure(carrier.track('70000001'), CarrierUnavailableError);
    expect(notJson.message).toBe('C3X Tracking answered something other than JSON');

    const nowhere = createC3xCarrier({ baseUrl: `http://127.0.0.1:${await closedPort()}`, ...C3X_FAKE_ACCOUNT });
    const unreachable = await failure(nowhere.label('70000001'), CarrierUnavailableError);
    expect(unreachable.message).toMatch(/^C3X AirwayBillPDFFormat unreachable: /);
  });

  it('never puts the password in an error message', async () => {
    const errors: Error[] = [];
    for (const mode of [{ kind: 'slow', ms: 2_000 }, { kind: 'http-500' }, { kind: 'not-json' }] as const) {
      fake.setMode(mode);
      errors.push(await failure(carrier.book(bookingRequest()), CarrierUnavailableError));
    }
    fake.setMode({ kind: 'refuse', description: `Password ${C3X_FAKE_ACCOUNT.password} has expired` });
    errors.push(await failure(carrier.track('70000001'), CarrierRefusedError));
    const nowhere = createC3xCarrier({ baseUrl: `http://127.0.0.1:${await closedPort()}`, ...C3X_FAKE_ACCOUNT });
    errors.push(await failure(nowhere.book(bookingRequest()), CarrierUnavailableError));

    for (const error of errors) expect(error.message).not.toContain(C3X_FAKE_ACCOUNT.password);
    expect(errors[3]?.message).toBe('Password *** has expired');
  });

  it('answers the label as the PDF C3X sends in base64', async () => {
    const awb = await bookOne();
    const pdf = await carrier.label(awb);
    expect(isPdf(pdf)).toBe(true);
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`C3X label ${awb}`);
    expect(fake.bodiesOf('AirwayBillPDFFormat').at(-1)).toEqual({ ...ACCOUNT_FIELDS, AirwayBillNumber: awb, PrintType: 'LABEL' });
    expect((await failure(carrier.label('69999999'), CarrierRefusedError)).message).toBe('Airway bill not found');
  });

  it('refuses a label that is not a PDF', async () => {
    const answer = { Code: 1, Description: 'Success', ReportDoc: Buffer.from('<html>no label</html>').toString('base64') };
    const stub = createC3xCarrier({ baseUrl: 'https://c3x.test', ...C3X_FAKE_ACCOUNT, fetch: async () => Response.json(answer) });
    expect((await failure(stub.label('70000042'), CarrierRefusedError)).message).toBe('C3X answered no PDF label for AWB 70000042');
  });

  it('maps tracking events to stages, reading their UAE times as UTC instants', async () => {
    const awb = await bookOne();
    expect(await carrier.track(awb)).toEqual([]);
    fake.setTracking(awb, [
      { ActivityDate: '2026-11-20', ActivityTime: '14:05', StatusCode: 'PU', Status: 'Picked up', Location: 'Dubai', Remarks: 'Collected' },
      { ActivityDate: '21-Nov-2026', ActivityTime: '09:30', StatusCode: 'DF', Status: 'Departed facility', Location: 'Dubai Hub' },
      { ActivityDate: '01-Dec-2026', ActivityTime: '02:15:30', StatusCode: 'EX', Status: 'Address incomplete', Remarks: '' },
      { ActivityDate: '2026-12-01', ActivityTime: '10:00', StatusCode: 'ofd', Status: 'Out for delivery', Location: 'Riyadh' },
      {
        ActivityDate: '02-Dec-2026',
        ActivityTime: '12:00',
        StatusCode: 'POD',
        Status: 'Delivered',
        Location: 'Riyadh',
        Remarks: 'Signed by Zoë',
      },
      { ActivityDate: 'soon', ActivityTime: '12:00', StatusCode: 'XX', Status: 'Undated' },
    ]);
    const events = await carrier.track(awb);
    expect(fake.bodiesOf('Tracking').at(-1)).toEqual({ ...ACCOUNT_FIELDS, AirwayBillNumber: awb });
    expect(events).toEqual([
      {
        at: new Date('2026-11-20T10:05:00Z'),
        code: 'PU',
        stage: 'picked-up',
        status: 'Picked up',
        location: 'Dubai',
        description: 'Collected',
      },
      {
        at: new Date('2026-11-21T05:30:00Z'),
        code: 'DF',
        stage: 'in-transit',
        status: 'Departed facility',
        location: 'Dubai Hub',
        description: null,
      },
      {
        at: new Date('2026-11-30T22:15:30Z'),
        code: 'EX',
        stage: 'exception',
        status: 'Address incomplete',
        location: null,
        description: null,
      },
      {
        at: new Date('2026-12-01T06:00:00Z'),
        code: 'OFD',
        stage: 'out-for-delivery',
        status: 'Out for delivery',
        location: 'Riyadh',
        description: null,
      },
      {
        at: new Date('2026-12-02T08:00:00Z'),
        code: 'POD',
        stage: 'delivered',
        status: 'Delivered',
        location: 'Riyadh',
        description: 'Signed by Zoë',
      },
    ]);
  });

  it('maps every C3X status code to its stage', async () => {
    const awb = await bookOne();
    const codes = ['PU', 'PICKUP', 'DL', 'POD', 'DELIVERED', 'OD', 'OFD', 'EX', 'RTS', 'UND', 'AF', 'CUSTOMS'];
    fake.setTracking(
      awb,
      codes.map((code) => ({ ActivityDate: '2026-11-20', ActivityTime: '08:00', StatusCode: code, Status: code })),
    );
    const stages = Object.fromEntries((await carrier.track(awb)).map((e) => [e.code, e.stage]));
    expect(stages).toEqual({
      PU: 'picked-up',
      PICKUP: 'picked-up',
      DL: 'delivered',
      POD: 'delivered',
      DELIVERED: 'delivered',
      OD: 'out-for-delivery',
      OFD: 'out-for-delivery',
      EX: 'exception',
      RTS: 'exception',
      UND: 'exception',
      AF: 'in-transit',
      CUSTOMS: 'in-transit',
    });
  });

  it('refuses to track an AWB C3X does not know', async () => {
    expect((await failure(carrier.track('69999999'), CarrierRefusedError)).message).toBe('Airway bill not found');
  });

  it('refuses an airway bill number it could not keep: too long, or with slashes, spaces or NUL bytes', async () => {
    for (const answered of ['A'.repeat(41), '../../etc/passwd', '123 456', '123\u0000456', '']) {
      const odd = createC3xCarrier({
        baseUrl: 'https://c3x.example.com',
        ...C3X_FAKE_ACCOUNT,
        fetch: async () => Response.json({ Code: 1, Description: 'Airway bill created', AirwayBillNumber: answered }),
      });
      await expect(odd.book(bookingRequest()), JSON.stringify(answered)).rejects.toBeInstanceOf(CarrierRefusedError);
    }
  });
});

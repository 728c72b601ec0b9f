import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_LIMITS } from '../../src/providers/carriers/carrier-bounds.ts';
import { type CarrierProvider, CarrierRefusedError, CarrierUnavailableError } from '../../src/providers/carriers/carrier-provider.ts';
import { createDhlCarrier } from '../../src/providers/carriers/dhl-carrier.ts';
import { buildTestApp } from '../helper.ts';
import { closedPort } from '../providers/fake-http.ts';
import { bookingRequest } from './booking-request.ts';
import { failure } from './carrier-failure.ts';
import { DHL_FAKE_ACCOUNT, type DhlFake, dhlCarrierEnv, startDhlFake } from './dhl-fake.ts';
import { isPdf } from './pdf-text.ts';

const BASIC = `Basic ${Buffer.from(`${DHL_FAKE_ACCOUNT.apiKey}:${DHL_FAKE_ACCOUNT.apiSecret}`).toString('base64')}`;

/** A DHL booking of the Worldwide product, as the customer's DHL option books it. */
const dhlBooking = (overrides: Parameters<typeof bookingRequest>[0] = {}) => bookingRequest({ product: 'P', service: 'P', ...overrides });

/** CARRIER_PROVIDER=dhl against a local fake of the MyDHL API. */
describe('DHL Express carrier', () => {
  let fake: DhlFake;
  let carrier: CarrierProvider;
  beforeAll(async () => {
    fake = await startDhlFake();
    carrier = createDhlCarrier({ baseUrl: `${fake.url}/`, ...DHL_FAKE_ACCOUNT, timeoutMs: 300 });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const lastBody = () => fake.requestsTo('shipments').at(-1)?.body as Record<string, unknown>;

  it('is the app carrier with CARRIER_PROVIDER=dhl, on the DHL_* account', async () => {
    const t = await buildTestApp(dhlCarrierEnv(fake));
    try {
      expect(t.app.deps.carriers.current.name).toBe('dhl');
      const { awb } = await t.app.deps.carriers.current.book(dhlBooking());
      expect(fake.booked.has(awb)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('books the product chosen, with basic authentication, both parties, the goods and the measures, duties at the door (DAP)', async () => {
    const request = dhlBooking();
    const { awb } = await carrier.book(request);
    expect(awb).toMatch(/^\d{10}$/);
    const sent = fake.requestsTo('shipments').at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/mydhlapi/shipments');
    expect(sent?.headers.authorization).toBe(BASIC);
    expect(sent?.headers['content-type']).toBe('application/json');
    const body = lastBody();
    expect(body.plannedShippingDateAndTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} GMT\+00:00$/);
    const { plannedShippingDateAndTime: _at, content, ...rest } = body;
    expect(rest).toEqual({
      pickup: { isRequested: false },
      productCode: 'P',
      localProductCode: 'P',
      accounts: [{ typeCode: 'shipper', number: DHL_FAKE_ACCOUNT.accountNumber }],
      outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label' }] },
      customerReferences: [{ value: request.reference, typeCode: 'CU' }],
      customerDetails: {
        shipperDetails: {
          postalAddress: {
            postalCode: '19801',
            cityName: 'Wilmington',
            countryCode: 'US',
            provinceCode: 'DE',
            addressLine1: '1200 Commerce Drive, Suite 400',
          },
          contactInformation: { fullName: 'Hopbox US Warehouse', companyName: 'Hopbox US Warehouse', phone: '+1 302 555 0100' },
        },
        receiverDetails: {
          postalAddress: { postalCode: '', cityName: 'Dubai', countryCode: 'AE', addressLine1: 'Villa 12, Street 14, Al Wasl' },
          contactInformation: { fullName: 'Zoë Al-Mansouri', companyName: 'Zoë Al-Mansouri', phone: '+971 50 123 4567' },
        },
      },
    });
    expect(content).toMatchObject({
      packages: [{ weight: 4.8, dimensions: { length: 45, width: 35, height: 25 } }],
      isCustomsDeclarable: true,
      declaredValue: 245.5,
      declaredValueCurrency: 'USD',
      description: 'Clothes, shoes and two books',
      incoterm: 'DAP',
      unitOfMeasurement: 'metric',
      exportDeclaration: {
        lineItems: [
          {
            number: 1,
            description: 'Clothes, shoes and two books',
            price: 245.5,
            quantity: { value: 1, unitOfMeasurement: 'PCS' },
            manufacturerCountry: 'US',
            weight: { netValue: 4.8, grossValue: 4.8 },
          },
        ],
        invoice: { number: request.reference },
      },
    });
    expect(body).not.toHaveProperty('valueAddedServices');
  });

  it("books duties prepaid as DHL's Duty Tax Paid: the DD service, duties billed to our account, incoterm DDP", async () => {
    await carrier.book(dhlBooking({ product: 'H', service: 'H', dutiesPaid: true }));
    const body = lastBody();
    expect(body).toMatchObject({
      productCode: 'H',
      localProductCode: 'H',
      valueAddedServices: [{ serviceCode: 'DD' }],
      accounts: [
        { typeCode: 'shipper', number: DHL_FAKE_ACCOUNT.accountNumber },
        { typeCode: 'duties-taxes', number: DHL_FAKE_ACCOUNT.accountNumber },
      ],
      content: { incoterm: 'DDP' },
    });
  });

  it('sends no local product for a shipment paid before there was a choice (service NOR), and a long street on lines of 45', async () => {
    const street = 'Apartment 1204, Marina Heights Tower, Al Marsa Street, Dubai Marina, opposite the tram station';
    await carrier.book(dhlBooking({ service: 'NOR', receiver: { ...bookingRequest().receiver, address: street } }));
    const body = lastBody();
    expect(body).not.toHaveProperty('localProductCode');
    const address = (body.customerDetails as { receiverDetails: { postalAddress: Record<string, string> } }).receiverDetails.postalAddress;
    expect(address).toMatchObject({
      addressLine1: 'Apartment 1204, Marina Heights Tower, Al',
      addressLine2: 'Marsa Street, Dubai Marina, opposite the tram',
      addressLine3: 'station',
    });
    for (const line of [address.addressLine1, address.addressLine2, address.addressLine3]) expect(line?.length).toBeLessThanOrEqual(45);
  });

  it('answers the label DHL sends with the booking, and prints it again by its AWB', async () => {
    const booked = await carrier.book(dhlBooking());
    expect(booked.label && isPdf(booked.label)).toBe(true);
    expect((await PDFDocument.load(booked.label as Uint8Array)).getTitle()).toBe(`DHL label ${booked.awb}`);
    const pdf = await carrier.label(booked.awb);
    expect(Buffer.from(pdf).equals(Buffer.from(booked.label as Uint8Array))).toBe(true);
    // DHL has no service that hands a label over again: nothing is asked of it.
    expect(fake.requests.filter((r) => r.url.includes(booked.awb))).toEqual([]);
  });

  it("refuses a label it was never given, saying where to print it; another process's labels are not its own", async () => {
    const { awb } = await carrier.book(dhlBooking());
    const other = createDhlCarrier({ baseUrl: fake.url, ...DHL_FAKE_ACCOUNT });
    const refusal = await failure(other.label(awb), CarrierRefusedError);
    expect(refusal.message).toBe(
      `DHL gives a label only when the shipment is booked, and the label of AWB ${awb} was not kept: print it from MyDHL`,
    );
  });

  it('keeps the booking when the label DHL answers is missing, not a PDF or over the label limit', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(CARRIER_LIMITS.labelBytes)]);
    for (const documents of [
      [],
      [{ typeCode: 'label', imageFormat: 'PDF', content: Buffer.from('<html/>').toString('base64') }],
      [{ typeCode: 'label', content: big.toString('base64') }],
    ]) {
      fake.setMode({ kind: 'answer', json: { shipmentTrackingNumber: '1234599999', documents } }, 'shipments');
      const booked = await carrier.book(dhlBooking());
      expect(booked).toEqual({ awb: '1234599999' });
      await failure(carrier.label('1234599999'), CarrierRefusedError);
    }
  });

  it("refuses with DHL's own detail when it answers 4xx, and with 'Invalid credentials' for a wrong key", async () => {
    fake.setMode({ kind: 'refuse', detail: 'Receiver phone number is mandatory' });
    expect((await failure(carrier.book(dhlBooking()), CarrierRefusedError)).message).toBe('Receiver phone number is mandatory');

    const problem = {
      title: 'Bad Request',
      status: '400',
      detail: 'Multiple problems found, see Additional Details',
      additionalDetails: ['postalCode is missing', 'cityName is too long'],
    };
    const stub = createDhlCarrier({
      baseUrl: 'https://dhl.test',
      ...DHL_FAKE_ACCOUNT,
      fetch: async () => Response.json(problem, { status: 422 }),
    });
    expect((await failure(stub.book(dhlBooking()), CarrierRefusedError)).message).toBe(
      'Multiple problems found, see Additional Details; postalCode is missing; cityName is too long',
    );

    fake.reset();
    const wrongSecret = createDhlCarrier({ baseUrl: fake.url, ...DHL_FAKE_ACCOUNT, apiSecret: 'not-the-secret' });
    expect((await failure(wrongSecret.book(dhlBooking()), CarrierRefusedError)).message).toBe('Invalid credentials');
  });

  it('is unavailable when DHL does not answer in time, answers HTTP 500, 429 or not JSON, or cannot be reached', async () => {
    fake.setMode({ kind: 'slow', ms: 2_000 });
    expect((await failure(carrier.book(dhlBooking()), CarrierUnavailableError)).message).toMatch(
      /^DHL create shipment unreachable: .*timeout/i,
    );

    fake.setMode({ kind: 'http-500' });
    expect((await failure(carrier.book(dhlBooking()), CarrierUnavailableError)).message).toBe('DHL create shipment answered HTTP 500');

    fake.setMode({ kind: 'not-json' }, 'tracking');
    expect((await failure(carrier.track('1234500001'), CarrierUnavailableError)).message).toBe(
      'DHL tracking answered something other than JSON',
    );

    const throttled = createDhlCarrier({
      baseUrl: 'https://dhl.test',
      ...DHL_FAKE_ACCOUNT,
      fetch: async () => Response.json({ title: 'Too Many Requests' }, { status: 429 }),
    });
    expect((await failure(throttled.track('1234500001'), CarrierUnavailableError)).message).toBe('DHL tracking answered HTTP 429');

    const nowhere = createDhlCarrier({ baseUrl: `http://127.0.0.1:${await closedPort()}`, ...DHL_FAKE_ACCOUNT });
    expect((await failure(nowhere.track('1234500001'), CarrierUnavailableError)).message).toMatch(/^DHL tracking unreachable: /);
  });

  it('refuses an answer larger than it reads, before parsing it', async () => {
    const events = Array.from({ length: 30_000 }, () => ({
      date: '2026-11-20',
      time: '10:00:00',
      typeCode: 'PL',
      description: 'Processed at DUBAI',
    }));
    fake.setMode({ kind: 'answer', json: { shipments: [{ events }] } }, 'tracking');
    expect((await failure(carrier.track('1234500001'), CarrierRefusedError)).message).toBe('DHL tracking answered more than 2 MB');
  });

  it('never puts the key, the secret or the account number in an error message or an event', async () => {
    const errors: Error[] = [];
    for (const mode of [{ kind: 'slow', ms: 2_000 }, { kind: 'http-500' }, { kind: 'not-json' }] as const) {
      fake.setMode(mode);
      errors.push(await failure(carrier.book(dhlBooking()), CarrierUnavailableError));
    }
    fake.setMode({ kind: 'refuse', detail: `Account ${DHL_FAKE_ACCOUNT.accountNumber} for key ${DHL_FAKE_ACCOUNT.apiKey} is locked` });
    errors.push(await failure(carrier.book(dhlBooking()), CarrierRefusedError));
    const echo = createDhlCarrier({
      baseUrl: 'https://dhl.test',
      ...DHL_FAKE_ACCOUNT,
      fetch: async (_url, init) =>
        Response.json({ detail: `Bad header ${String((init?.headers as Record<string, string>).authorization)}` }, { status: 400 }),
    });
    errors.push(await failure(echo.track('1234500001'), CarrierRefusedError));
    const nowhere = createDhlCarrier({ baseUrl: `http://127.0.0.1:${await closedPort()}`, ...DHL_FAKE_ACCOUNT });
    errors.push(await failure(nowhere.book(dhlBooking()), CarrierUnavailableError));

    for (const error of errors) {
      for (const secret of [...Object.values(DHL_FAKE_ACCOUNT), BASIC.slice(6)]) expect(error.message).not.toContain(secret);
    }
    expect(errors[3]?.message).toBe('Account *** for key *** is locked');
    expect(errors[4]?.message).toBe('Bad header Basic ***');

    fake.reset();
    const { awb } = await carrier.book(dhlBooking());
    fake.setTracking(awb, [
      { date: '2026-11-20', time: '10:00:00', typeCode: 'PU', description: `Picked up for ${DHL_FAKE_ACCOUNT.accountNumber}` },
    ]);
    expect((await carrier.track(awb))[0]?.status).toBe('Picked up for ***');
  });

  it('maps checkpoints to stages, reading their local times at their GMT offset as UTC instants', async () => {
    const { awb } = await carrier.book(dhlBooking());
    expect(await carrier.track(awb)).toEqual([]);
    fake.setTracking(awb, [
      {
        date: '2026-11-20',
        time: '14:05:00',
        GMTOffset: '-05:00',
        typeCode: 'PU',
        description: 'Shipment picked up',
        serviceArea: [{ code: 'ILG', description: 'Wilmington-DE-USA' }],
      },
      {
        date: '2026-11-21',
        time: '09:30:00',
        GMTOffset: '+00:00',
        typeCode: 'DF',
        description: 'Departed Facility in LEIPZIG - GERMANY',
        serviceArea: [{ code: 'LEJ', description: 'Leipzig-DE' }],
      },
      {
        date: '2026-11-23',
        time: '08:10:00',
        GMTOffset: '+04:00',
        typeCode: 'wc',
        description: 'With delivery courier',
        serviceArea: [{ code: 'DXB', description: 'Dubai-AE' }],
      },
      {
        date: '2026-11-23',
        time: '11:00:00',
        GMTOffset: '+04:00',
        typeCode: 'NH',
        description: 'Delivery attempted; recipient not home',
        serviceArea: [],
      },
      {
        date: '2026-11-24',
        time: '13:45:00',
        GMTOffset: '+04:00',
        typeCode: 'OK',
        description: 'Delivered',
        serviceArea: [{ code: 'DXB', description: 'Dubai-AE' }],
        signedBy: 'Zoë',
      },
      { date: '2026-11-24', time: '14:00:00', typeCode: 'RR', description: 'Customs status updated' },
      { date: 'soon', time: '12:00:00', typeCode: 'XX', description: 'Undated' },
    ]);
    const events = await carrier.track(awb);
    const sent = fake.requestsTo('tracking').at(-1);
    expect(sent?.url).toBe(`/mydhlapi/shipments/${awb}/tracking?trackingView=all-checkpoints`);
    expect(sent?.headers.authorization).toBe(BASIC);
    expect(events).toEqual([
      {
        at: new Date('2026-11-20T19:05:00Z'),
        code: 'PU',
        stage: 'picked-up',
        status: 'Shipment picked up',
        location: 'Wilmington-DE-USA',
        description: null,
      },
      {
        at: new Date('2026-11-21T09:30:00Z'),
        code: 'DF',
        stage: 'in-transit',
        status: 'Departed Facility in LEIPZIG - GERMANY',
        location: 'Leipzig-DE',
        description: null,
      },
      {
        at: new Date('2026-11-23T04:10:00Z'),
        code: 'WC',
        stage: 'out-for-delivery',
        status: 'With delivery courier',
        location: 'Dubai-AE',
        description: null,
      },
      {
        at: new Date('2026-11-23T07:00:00Z'),
        code: 'NH',
        stage: 'exception',
        status: 'Delivery attempted; recipient not home',
        location: null,
        description: null,
      },
      {
        at: new Date('2026-11-24T09:45:00Z'),
        code: 'OK',
        stage: 'delivered',
        status: 'Delivered',
        location: 'Dubai-AE',
        description: 'Signed by Zoë',
      },
      {
        at: new Date('2026-11-24T14:00:00Z'),
        code: 'RR',
        stage: 'in-transit',
        status: 'Customs status updated',
        location: null,
        description: null,
      },
    ]);
  });

  it("refuses to track an AWB DHL does not know, in DHL's words", async () => {
    expect((await failure(carrier.track('1234400000'), CarrierRefusedError)).message).toBe('Shipment not found');
  });

  it('refuses a waybill number it could not keep: too long, or with slashes, spaces or NUL bytes', async () => {
    for (const answered of ['A'.repeat(41), '../../etc/passwd', '123 456', '123\u0000456', '', null]) {
      const odd = createDhlCarrier({
        baseUrl: 'https://dhl.test',
        ...DHL_FAKE_ACCOUNT,
        fetch: async () => Response.json({ shipmentTrackingNumber: answered, documents: [] }),
      });
      await expect(odd.book(dhlBooking()), JSON.stringify(answered)).rejects.toBeInstanceOf(CarrierRefusedError);
    }
  });
});

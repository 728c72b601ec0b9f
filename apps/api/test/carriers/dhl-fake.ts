/**
 * A local fake of DHL Express's MyDHL API (CARRIER_PROVIDER=dhl, CARRIERS=…,dhl), on 127.0.0.1 and a free port, for
 * the adapter's own tests and for any test that prices, books or tracks with DHL.
 *
 *   const dhl = await startDhlFake();
 *   const t = await buildTestApp(dhlEnv(dhl));   // or createDhlCarrier({ baseUrl: dhl.url, ...DHL_FAKE_ACCOUNT })
 *   ...
 *   await dhl.close();
 *
 * `url` is the API root (…/mydhlapi). It answers as MyDHL does:
 * - every request must carry HTTP Basic authentication with DHL_FAKE_ACCOUNT's key and secret, or the answer is
 *   401 with the problem `{ title: 'Unauthorized', status: 401, detail: 'Invalid credentials' }`;
 * - POST /rates answers two products: EXPRESS WORLDWIDE (P, 2 days) and ECONOMY SELECT (H, 5 days), priced in AED
 *   with their charges (`RATES` below);
 * - POST /shipments issues a new 10-digit waybill number each call (`booked` keeps its body) and a small real PDF
 *   label (base64, its title holding the number) among its documents;
 * - GET /shipments/{awb}/tracking answers the AWB's checkpoints: none until `setTracking(awb, events)`; an AWB it
 *   never issued (nor was given tracking for) is 404 'Shipment not found'.
 *
 * `setMode(mode, operation?)` changes how every operation (or only the one named) answers from then on:
 * `{ kind: 'success' }` (the default), `{ kind: 'refuse', detail }` (HTTP 400 and that detail),
 * `{ kind: 'slow', ms }` (succeeds after ms, for timeouts), `{ kind: 'http-500' }`, `{ kind: 'not-json' }`,
 * `{ kind: 'answer', json }` (HTTP 200 with that JSON as the whole answer, e.g. an oversized one).
 * `reset()` returns every operation to success. `requests` records every request; `requestsTo(operation)` gives
 * those sent to one operation, oldest first.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type FakeAnswer, type RecordedRequest, startFakeServer } from '../providers/fake-http.ts';

export const DHL_OPERATIONS = ['rates', 'shipments', 'tracking'] as const;
export type DhlOperation = (typeof DHL_OPERATIONS)[number];

export type DhlFakeMode =
  | { kind: 'success' }
  | { kind: 'refuse'; detail: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'http-500' }
  | { kind: 'not-json' }
  | { kind: 'answer'; json: Record<string, unknown> };

/** One checkpoint as MyDHL's tracking lists it (local date and time, with their offset). */
export interface DhlCheckpoint {
  date: string;
  time: string;
  GMTOffset?: string;
  typeCode: string;
  description: string;
  serviceArea?: { code: string; description: string }[];
  signedBy?: string;
}

/** The account the fake accepts. */
export const DHL_FAKE_ACCOUNT = { apiKey: 'hopbox-dhl-key', apiSecret: 'dhl-S3cret-pa55', accountNumber: '951234567' } as const;

/** What the fake's rates answer, product by product. */
export const RATES = {
  express: {
    code: 'P',
    name: 'EXPRESS WORLDWIDE',
    price: 412.35,
    days: 2,
    charges: [
      ['EXPRESS WORLDWIDE', 350.1],
      ['FUEL SURCHARGE', 62.25],
    ],
  },
  economy: {
    code: 'H',
    name: 'ECONOMY SELECT',
    price: 268.9,
    days: 5,
    charges: [
      ['ECONOMY SELECT', 228.9],
      ['FUEL SURCHARGE', 40],
    ],
  },
} as const;

type Body = Record<string, unknown>;
export type DhlFake = Awaited<ReturnType<typeof startDhlFake>>;

/** The DHL_* settings of the fake's account, with its root. */
export function dhlAccountEnv(fake: { url: string }): Record<string, string> {
  return {
    DHL_BASE_URL: fake.url,
    DHL_API_KEY: DHL_FAKE_ACCOUNT.apiKey,
    DHL_API_SECRET: DHL_FAKE_ACCOUNT.apiSecret,
    DHL_ACCOUNT_NUMBER: DHL_FAKE_ACCOUNT.accountNumber,
  };
}

/** The settings that make the app book with the fake (CARRIER_PROVIDER=dhl and the DHL_* account). */
export const dhlCarrierEnv = (fake: { url: string }) => ({ CARRIER_PROVIDER: 'dhl', ...dhlAccountEnv(fake) });

/** A product of the rates answer, as MyDHL writes it. */
function product(p: (typeof RATES)[keyof typeof RATES]) {
  return {
    productName: p.name,
    productCode: p.code,
    localProductCode: p.code,
    localProductCountryCode: 'AE',
    networkTypeCode: 'TD',
    isCustomerAgreement: false,
    weight: { volumetric: 0, provided: 1, unitOfMeasurement: 'metric' },
    totalPrice: [
      { currencyType: 'BILLC', priceCurrency: 'AED', price: p.price },
      { currencyType: 'PULCL', priceCurrency: 'AED', price: p.price * 1.2 },
    ],
    detailedPriceBreakdown: [
      { currencyType: 'BILLC', priceCurrency: 'AED', breakdown: p.charges.map(([name, price]) => ({ name, price })) },
    ],
    deliveryCapabilities: { deliveryTypeCode: 'QDDC', estimatedDeliveryDateAndTime: '2026-11-24T23:59:00', totalTransitDays: p.days },
  };
}

const problem = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  json: { instance: '/expressapi/shipments', title, status, detail },
});

export async function startDhlFake() {
  const modes = new Map<DhlOperation, DhlFakeMode>();
  const booked = new Map<string, Body>();
  const tracking = new Map<string, DhlCheckpoint[]>();
  let lastAwb = 1_234_500_000;

  const operations: Record<DhlOperation, (request: RecordedRequest) => Promise<FakeAnswer> | FakeAnswer> = {
    rates: () => ({ json: { products: [product(RATES.express), product(RATES.economy)], exchangeRates: [] } }),
    async shipments(request) {
      lastAwb += 1;
      const awb = String(lastAwb);
      booked.set(awb, (request.body ?? {}) as Body);
      const label = Buffer.from(await dhlLabel(awb)).toString('base64');
      return {
        json: {
          url: 'http://fake/expressapi/shipments',
          shipmentTrackingNumber: awb,
          trackingUrl: `http://fake/expressapi/shipments/${awb}/tracking`,
          packages: [{ referenceNumber: 1, trackingNumber: `JD01460000${awb}`, trackingUrl: '' }],
          documents: [
            { imageFormat: 'PDF', content: label, typeCode: 'label' },
            { imageFormat: 'PDF', content: Buffer.from('%PDF-1.4 invoice').toString('base64'), typeCode: 'invoice' },
          ],
        },
      };
    },
    tracking(request) {
      const awb = decodeURIComponent(/^\/mydhlapi\/shipments\/([^/?]+)\/tracking/.exec(request.url)?.[1] ?? '');
      if (!booked.has(awb) && !tracking.has(awb)) return problem(404, 'Not Found', 'Shipment not found');
      return { json: { shipments: [{ shipmentTrackingNumber: awb, status: 'Success', events: tracking.get(awb) ?? [] }] } };
    },
  };

  const answer = async (operation: DhlOperation, request: RecordedRequest): Promise<FakeAnswer> => {
    const mode = modes.get(operation) ?? { kind: 'success' };
    if (mode.kind === 'http-500') return problem(500, 'Internal Server Error', 'An error has occurred.');
    if (mode.kind === 'not-json') return { status: 200, text: '<html><body>Service under maintenance</body></html>' };
    if (mode.kind === 'refuse') return problem(400, 'Bad Request', mode.detail);
    if (mode.kind === 'answer') return { json: mode.json };
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, mode.ms));
    if (!signedIn(request)) return problem(401, 'Unauthorized', 'Invalid credentials');
    return operations[operation](request);
  };

  const server = await startFakeServer((request) => {
    const operation = operationOf(request);
    if (!operation) return { status: 404, text: 'not found' };
    return answer(operation, request);
  });

  return {
    url: `${server.url}/mydhlapi`,
    requests: server.requests,
    booked,
    requestsTo: (operation: DhlOperation) => server.requests.filter((r) => operationOf(r) === operation),
    setMode(mode: DhlFakeMode, operation?: DhlOperation) {
      for (const op of operation ? [operation] : DHL_OPERATIONS) modes.set(op, mode);
    },
    reset: () => modes.clear(),
    setTracking: (awb: string, events: DhlCheckpoint[]) => tracking.set(awb, events),
    close: server.close,
  };
}

function operationOf(request: RecordedRequest): DhlOperation | undefined {
  const path = request.url.split('?')[0];
  if (request.method === 'POST' && path === '/mydhlapi/rates') return 'rates';
  if (request.method === 'POST' && path === '/mydhlapi/shipments') return 'shipments';
  if (request.method === 'GET' && /^\/mydhlapi\/shipments\/[^/]+\/tracking$/.test(path ?? '')) return 'tracking';
  return undefined;
}

function signedIn(request: RecordedRequest): boolean {
  const expected = Buffer.from(`${DHL_FAKE_ACCOUNT.apiKey}:${DHL_FAKE_ACCOUNT.apiSecret}`).toString('base64');
  return request.headers.authorization === `Basic ${expected}`;
}

/** A one-page PDF standing in for DHL's transport label: its title and its text hold the waybill number. */
async function dhlLabel(awb: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`DHL label ${awb}`);
  const page = doc.addPage([288, 432]);
  page.drawText(`DHL Express WAYBILL ${awb}`, { x: 20, y: 390, size: 14, font: await doc.embedFont(StandardFonts.HelveticaBold) });
  return doc.save();
}

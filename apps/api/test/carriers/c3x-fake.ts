/**
 * A local fake of C3X Express's carrier API (CARRIER_PROVIDER=c3x), on 127.0.0.1 and a free port, for
 * the carrier's own tests and for any test that books, prints or tracks through it.
 *
 *   const c3x = await startC3xFake();
 *   const t = await buildTestApp(c3xCarrierEnv(c3x));   // or createC3xCarrier({ baseUrl: c3x.url, ...C3X_FAKE_ACCOUNT })
 *   ...
 *   await c3x.close();
 *
 * It answers POST /C3XService.svc/{CreateAirwayBill, AirwayBillPDFFormat, Tracking} as C3X does:
 * - every body must carry C3X_FAKE_ACCOUNT's AccountNo, UserName and Password, or the answer is Code 0
 *   'Invalid account credentials';
 * - CreateAirwayBill issues a new numeric AWB each call (`booked` keeps its body);
 * - AirwayBillPDFFormat answers a small real PDF (base64 ReportDoc) whose title and text hold the AWB;
 * - Tracking answers the AWB's TrackingLogDetails: none until `setTracking(awb, details)`;
 * - an AWB it never issued (nor was given tracking for) is Code 0 'Airway bill not found'.
 *
 * `setMode(mode, operation?)` changes how every operation (or only the one named) answers from then on:
 * `{ kind: 'success' }` (the default), `{ kind: 'refuse', description }` (Code 0 and that Description),
 * `{ kind: 'slow', ms }` (succeeds after ms, for timeouts), `{ kind: 'http-500' }`, `{ kind: 'not-json' }`,
 * `{ kind: 'answer', json }` (that JSON as the whole answer, e.g. an oversized label).
 * `reset()` returns every operation to success. `requests` records every request; `bodiesOf(operation)`
 * gives the JSON bodies sent to one operation, oldest first.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type FakeAnswer, type RecordedRequest, startFakeServer } from '../providers/fake-http.ts';

export const C3X_OPERATIONS = ['CreateAirwayBill', 'AirwayBillPDFFormat', 'Tracking'] as const;
export type C3xOperation = (typeof C3X_OPERATIONS)[number];

export type C3xFakeMode =
  | { kind: 'success' }
  | { kind: 'refuse'; description: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'http-500' }
  | { kind: 'not-json' }
  | { kind: 'answer'; json: Record<string, unknown> };

/** One event as C3X's Tracking lists it (dates and times in UAE time). */
export interface C3xTrackingDetail {
  ActivityDate: string;
  ActivityTime: string;
  StatusCode: string;
  Status: string;
  Location?: string;
  Remarks?: string;
}

/** The account the fake accepts. */
export const C3X_FAKE_ACCOUNT = { accountNo: 'ACC-C3X-01', userName: 'hopbox-carrier', password: 'c3x-S3cret-pa55' } as const;

type Body = Record<string, unknown>;
export type C3xFake = Awaited<ReturnType<typeof startC3xFake>>;

/** The settings that make the app book with the fake (CARRIER_PROVIDER=c3x and the C3X_* account). */
export function c3xCarrierEnv(fake: { url: string }): Record<string, string> {
  return {
    CARRIER_PROVIDER: 'c3x',
    C3X_BASE_URL: fake.url,
    C3X_ACCOUNT_NO: C3X_FAKE_ACCOUNT.accountNo,
    C3X_USERNAME: C3X_FAKE_ACCOUNT.userName,
    C3X_PASSWORD: C3X_FAKE_ACCOUNT.password,
  };
}

export async function startC3xFake() {
  const modes = new Map<C3xOperation, C3xFakeMode>();
  const booked = new Map<string, Body>();
  const tracking = new Map<string, C3xTrackingDetail[]>();
  let lastAwb = 70_000_000;

  const operations: Record<C3xOperation, (body: Body) => Promise<Body> | Body> = {
    CreateAirwayBill(body) {
      lastAwb += 1;
      const awb = String(lastAwb);
      booked.set(awb, body);
      return { Code: 1, Description: 'Airway bill created', AirwayBillNumber: awb };
    },
    async AirwayBillPDFFormat(body) {
      const awb = String(body.AirwayBillNumber);
      if (!booked.has(awb)) return notFound();
      return { Code: 1, Description: 'Success', ReportDoc: Buffer.from(await c3xLabel(awb)).toString('base64') };
    },
    Tracking(body) {
      const awb = String(body.AirwayBillNumber);
      if (!booked.has(awb) && !tracking.has(awb)) return notFound();
      return { Code: 1, Description: 'Success', AirwayBillTrackList: [{ AirWayBillNo: awb, TrackingLogDetails: tracking.get(awb) ?? [] }] };
    },
  };

  const answer = async (operation: C3xOperation, request: RecordedRequest): Promise<FakeAnswer> => {
    const mode = modes.get(operation) ?? { kind: 'success' };
    if (mode.kind === 'http-500') return { status: 500, json: { Message: 'An error has occurred.' } };
    if (mode.kind === 'not-json') return { status: 200, text: '<html><body>Service under maintenance</body></html>' };
    if (mode.kind === 'refuse') return { json: { Code: 0, Description: mode.description } };
    if (mode.kind === 'answer') return { json: mode.json };
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, mode.ms));
    const body = (request.body ?? {}) as Body;
    if (!signedIn(body)) return { json: { Code: 0, Description: 'Invalid account credentials' } };
    return { json: await operations[operation](body) };
  };

  const server = await startFakeServer((request) => {
    const operation = C3X_OPERATIONS.find((op) => request.url === `/C3XService.svc/${op}`);
    if (request.method !== 'POST' || !operation) return { status: 404, text: 'not found' };
    return answer(operation, request);
  });

  return {
    url: server.url,
    requests: server.requests,
    booked,
    bodiesOf: (operation: C3xOperation): Body[] =>
      server.requests.filter((r) => r.url === `/C3XService.svc/${operation}`).map((r) => (r.body ?? {}) as Body),
    setMode(mode: C3xFakeMode, operation?: C3xOperation) {
      for (const op of operation ? [operation] : C3X_OPERATIONS) modes.set(op, mode);
    },
    reset: () => modes.clear(),
    setTracking: (awb: string, details: C3xTrackingDetail[]) => tracking.set(awb, details),
    close: server.close,
  };
}

function signedIn(body: Body): boolean {
  return (
    body.AccountNo === C3X_FAKE_ACCOUNT.accountNo &&
    body.UserName === C3X_FAKE_ACCOUNT.userName &&
    body.Password === C3X_FAKE_ACCOUNT.password
  );
}

function notFound(): Body {
  return { Code: 0, Description: 'Airway bill not found' };
}

/** A one-page PDF standing in for C3X's label: its title and its text hold the AWB. */
async function c3xLabel(awb: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`C3X label ${awb}`);
  const page = doc.addPage([283.46, 425.2]);
  page.drawText(`C3X Express ${awb}`, { x: 20, y: 380, size: 16, font: await doc.embedFont(StandardFonts.HelveticaBold) });
  return doc.save();
}

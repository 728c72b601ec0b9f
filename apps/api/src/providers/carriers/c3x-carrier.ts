import type { TrackingStage } from '@hopbox/contracts/tracking';
import { boundedText, CARRIER_LIMITS, checkedLabel, LABEL_ANSWER_BYTES } from './carrier-bounds.ts';
import {
  type CarrierBookingRequest,
  type CarrierEvent,
  type CarrierProvider,
  CarrierRefusedError,
  CarrierUnavailableError,
} from './carrier-provider.ts';
import { scrubbedEvent, secretScrubber } from './carrier-secrets.ts';

/** An air waybill number as the product keeps it: letters, digits and hyphens, at most 40. */
const AWB_SHAPE = /^[A-Za-z0-9-]{1,40}$/;

export interface C3xCarrierOptions {
  /** Service root, e.g. https://c3xapi.example.com/express/v1 ; each operation is POSTed under `/C3XService.svc/`. */
  baseUrl: string;
  accountNo: string;
  userName: string;
  password: string;
  /** How long one call may take before the carrier counts as unavailable; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Every C3X answer: Code 1 (number or text) is success, anything else a refusal explained by Description. */
interface C3xAnswer {
  Code?: number | string;
  Description?: string;
}

interface AirwayBillAnswer extends C3xAnswer {
  AirwayBillNumber?: string | number;
}

interface LabelAnswer extends C3xAnswer {
  /** The label PDF, base64. */
  ReportDoc?: string;
}

interface TrackingLogDetail {
  /** `2026-11-20` or `20-Nov-2026`, in UAE time. */
  ActivityDate?: string;
  /** `14:05` (or `14:05:30`), in UAE time. */
  ActivityTime?: string;
  StatusCode?: string;
  Status?: string;
  Location?: string;
  Remarks?: string;
}

interface TrackingAnswer extends C3xAnswer {
  AirwayBillTrackList?: { AirWayBillNo?: string | number; TrackingLogDetails?: TrackingLogDetail[] }[];
}

/** C3X Express is a UAE courier: it writes its event times in UAE time (Asia/Dubai, UTC+4 all year, no daylight saving). */
const UAE_OFFSET_HOURS = 4;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** C3X status codes by what they mean for the shipment; a code not listed is on its way (in-transit). */
const STAGES_BY_CODE: Record<string, TrackingStage> = {
  PU: 'picked-up',
  PICKUP: 'picked-up',
  OD: 'out-for-delivery',
  OFD: 'out-for-delivery',
  DL: 'delivered',
  POD: 'delivered',
  DELIVERED: 'delivered',
  EX: 'exception',
  RTS: 'exception',
  UND: 'exception',
};

/**
 * C3X Express's JSON API (CARRIER_PROVIDER=c3x), the courier whose RateFinder prices shipments too
 * (same account). Every operation is a POST whose body carries AccountNo, UserName and Password.
 */
export function createC3xCarrier(options: C3xCarrierOptions): CarrierProvider {
  const scrub = secretScrubber([options.accountNo, options.userName, options.password]);
  const call = c3xCaller(options, scrub);
  return {
    name: 'c3x',
    async book(request) {
      const answer = await call<AirwayBillAnswer>('CreateAirwayBill', airwayBillFields(request));
      const awb = String(answer.AirwayBillNumber ?? '').trim();
      // Stored, printed and sent back in every later call: a number of any other shape is not one we keep.
      if (!AWB_SHAPE.test(awb)) throw new CarrierRefusedError('C3X answered no usable airway bill number');
      return { awb };
    },
    async label(awb) {
      const answer = await call<LabelAnswer>('AirwayBillPDFFormat', { AirwayBillNumber: awb, PrintType: 'LABEL' }, LABEL_ANSWER_BYTES);
      const pdf = Buffer.from(answer.ReportDoc ?? '', 'base64');
      if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') throw new CarrierRefusedError(`C3X answered no PDF label for AWB ${awb}`);
      return checkedLabel(new Uint8Array(pdf), 'C3X');
    },
    async track(awb) {
      const answer = await call<TrackingAnswer>('Tracking', { AirwayBillNumber: awb });
      return trackingEvents(answer, awb).map((event) => scrubbedEvent(event, scrub));
    },
  };
}

/**
 * The shipment in CreateAirwayBill's words. The names mirror RateFinder's (Pieces, Weight, ServiceType)
 * and C3X's airway bill form: Shipper* is the host warehouse, Consignee* the customer's address,
 * dimensions in centimetres, weight in kilograms, ShipperReference our shipment id.
 */
function airwayBillFields(request: CarrierBookingRequest) {
  const { sender, receiver } = request;
  return {
    ShipperReference: request.reference,
    ShipperName: sender.name,
    ShipperAddress: sender.address,
    ShipperCity: sender.city,
    ShipperCountry: sender.country,
    ShipperPhone: sender.phone ?? '',
    ConsigneeName: receiver.name,
    ConsigneeAddress: receiver.address,
    ConsigneeCity: receiver.city,
    ConsigneeState: receiver.state ?? '',
    ConsigneeZip: receiver.postalCode ?? '',
    ConsigneeCountry: receiver.country,
    ConsigneePhone: receiver.phone ?? '',
    GoodsDescription: request.description,
    DeclaredValue: request.declaredValue,
    Currency: request.currency,
    Pieces: request.pieces,
    Weight: request.weight,
    Length: request.dimensions.length,
    Width: request.dimensions.breadth,
    Height: request.dimensions.height,
    ProductType: 'XPS',
    ServiceType: 'NOR',
  };
}

/**
 * POSTs one operation with the account fields and answers the parsed answer when its Code is 1.
 * No answer, an HTTP error or a body that is not JSON is "unavailable" (try later); another Code, or an
 * answer larger than `maxBytes`, is the carrier's refusal. Every message goes through `scrub`: none
 * carries the account's credentials (they reach logs, stored errors and staff).
 */
function c3xCaller(options: C3xCarrierOptions, scrub: (text: string) => string) {
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/C3XService.svc`;
  const account = { AccountNo: options.accountNo, UserName: options.userName, Password: options.password };
  const unavailable = (message: string) => new CarrierUnavailableError(scrub(message));
  return async <T extends C3xAnswer>(
    operation: string,
    fields: Record<string, unknown>,
    maxBytes: number = CARRIER_LIMITS.answerBytes,
  ): Promise<T> => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${root}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...account, ...fields }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      text = await boundedText(res, maxBytes, `C3X ${operation}`);
    } catch (err) {
      if (err instanceof CarrierRefusedError) throw err;
      throw unavailable(`C3X ${operation} unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw unavailable(`C3X ${operation} answered HTTP ${res.status}`);
    const answer = parseJson<T>(text);
    if (!answer) throw unavailable(`C3X ${operation} answered something other than JSON`);
    if (String(answer.Code) !== '1') throw new CarrierRefusedError(scrub(answer.Description || 'The carrier refused the request'));
    return answer;
  };
}

function parseJson<T>(text: string): T | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The events of this AWB in the answer; an event whose date cannot be read is left out (it cannot be placed on the timeline). */
function trackingEvents(answer: TrackingAnswer, awb: string): CarrierEvent[] {
  const entries = (answer.AirwayBillTrackList ?? []).filter(
    (entry) => entry.AirWayBillNo === undefined || String(entry.AirWayBillNo) === awb,
  );
  return entries.flatMap((entry) => entry.TrackingLogDetails ?? []).flatMap((detail) => toEvent(detail) ?? []);
}

function toEvent(detail: TrackingLogDetail): CarrierEvent | undefined {
  const at = uaeTime(detail.ActivityDate ?? '', detail.ActivityTime ?? '');
  if (!at) return undefined;
  const code = (detail.StatusCode ?? '').trim().toUpperCase();
  return {
    at,
    code,
    stage: STAGES_BY_CODE[code] ?? 'in-transit',
    status: detail.Status?.trim() || code,
    location: detail.Location?.trim() || null,
    description: detail.Remarks?.trim() || null,
  };
}

/** A C3X date and time, read as UAE time, as the instant it is. */
function uaeTime(date: string, time: string): Date | undefined {
  const day = calendarDay(date.trim());
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time.trim());
  if (!day) return undefined;
  const [hours, minutes, seconds] = clock ? [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)] : [0, 0, 0];
  const at = new Date(Date.UTC(day.year, day.month - 1, day.day, hours - UAE_OFFSET_HOURS, minutes, seconds));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** `2026-11-20` or `20-Nov-2026` (also with spaces or slashes, or `2026-11-20T…`). */
function calendarDay(date: string): { year: number; month: number; day: number } | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(date);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const named = /^(\d{1,2})[-/ ]([A-Za-z]{3})[A-Za-z]*[-/ ](\d{4})/.exec(date);
  const month = named ? MONTHS.indexOf((named[2] as string).toUpperCase()) + 1 : 0;
  if (!named || month === 0) return undefined;
  return { year: Number(named[3]), month, day: Number(named[1]) };
}

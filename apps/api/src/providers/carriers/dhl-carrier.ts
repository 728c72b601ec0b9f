import type { TrackingStage } from '@hopbox/contracts/tracking';
import { LRUCache } from 'lru-cache';
import { CARRIER_LIMITS, LABEL_ANSWER_BYTES } from './carrier-bounds.ts';
import {
  type CarrierBookingRequest,
  type CarrierEvent,
  type CarrierParty,
  type CarrierProvider,
  CarrierRefusedError,
} from './carrier-provider.ts';
import { scrubbedEvent } from './carrier-secrets.ts';
import { type DhlOptions, dhlCaller, dhlShippingTime } from './dhl-api.ts';

/** A DHL waybill number as the product keeps it (DHL's are 10 digits): letters, digits and hyphens, at most 40. */
const AWB_SHAPE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * DHL hands a shipment's transport label over once, in the create-shipment answer: its Get Image service returns
 * the waybill document and customs invoices, never the label. The label is kept here, by AWB, until the console
 * stores it (it asks for it right after booking); a few hours and some megabytes at most.
 */
export const DHL_LABELS = { keptBytes: 50 * 1024 * 1024, keptMs: 6 * 60 * 60_000 } as const;

/** MyDHL address lines hold 45 characters each, and there are three. */
const ADDRESS_LINE_CHARS = 45;

/** DHL checkpoint codes by what they mean for the shipment; a code not listed is on its way (in-transit). */
const STAGES_BY_CODE: Record<string, TrackingStage> = {
  PU: 'picked-up',
  WC: 'out-for-delivery',
  OK: 'delivered',
  BA: 'exception',
  CA: 'exception',
  CM: 'exception',
  HP: 'exception',
  MS: 'exception',
  NH: 'exception',
  OH: 'exception',
  RD: 'exception',
  RT: 'exception',
  SS: 'exception',
};

interface ShipmentAnswer {
  shipmentTrackingNumber?: unknown;
  documents?: { typeCode?: unknown; imageFormat?: unknown; content?: unknown }[];
}

interface TrackingCheckpoint {
  /** `2026-11-20`, the local date where the event happened. */
  date?: unknown;
  /** `14:05:00`, local time. */
  time?: unknown;
  /** `+04:00`: the local time's offset from UTC. */
  GMTOffset?: unknown;
  typeCode?: unknown;
  description?: unknown;
  serviceArea?: { code?: unknown; description?: unknown }[];
  signedBy?: unknown;
}

interface TrackingAnswer {
  shipments?: { shipmentTrackingNumber?: unknown; events?: TrackingCheckpoint[] }[];
}

/**
 * DHL Express through the MyDHL API (CARRIER_PROVIDER=dhl, or a customer's DHL option): books with the product the
 * customer chose and the duties as they paid them, keeps the label DHL answers, and reads every checkpoint.
 */
export function createDhlCarrier(options: DhlOptions): CarrierProvider {
  const { call, scrub } = dhlCaller(options);
  const labels = new LRUCache<string, Uint8Array>({
    maxSize: DHL_LABELS.keptBytes,
    ttl: DHL_LABELS.keptMs,
    sizeCalculation: (pdf) => Math.max(1, pdf.byteLength),
  });
  return {
    name: 'dhl',
    async book(request) {
      const answer = await call<ShipmentAnswer>(
        'create shipment',
        '/shipments',
        shipmentFields(request, options.accountNumber),
        LABEL_ANSWER_BYTES,
      );
      const awb =
        typeof answer.shipmentTrackingNumber === 'string'
          ? answer.shipmentTrackingNumber.trim()
          : String(answer.shipmentTrackingNumber ?? '');
      if (!AWB_SHAPE.test(awb)) throw new CarrierRefusedError('DHL answered no usable waybill number');
      // Booked from here on: a label DHL did not send, or sent unusable, must not turn the booking into a failure.
      const label = labelOf(answer);
      if (!label) return { awb };
      labels.set(awb, label);
      return { awb, label };
    },
    async label(awb) {
      const kept = labels.get(awb);
      if (kept) return kept;
      throw new CarrierRefusedError(
        `DHL gives a label only when the shipment is booked, and the label of AWB ${awb} was not kept: print it from MyDHL`,
      );
    },
    async track(awb) {
      const answer = await call<TrackingAnswer>('tracking', `/shipments/${encodeURIComponent(awb)}/tracking?trackingView=all-checkpoints`);
      return trackingEvents(answer, awb).map((event) => scrubbedEvent(event, scrub));
    },
  };
}

/** The label PDF in the create-shipment answer, within CARRIER_LIMITS.labelBytes; undefined when it has none usable. */
function labelOf(answer: ShipmentAnswer): Uint8Array | undefined {
  const document = (answer.documents ?? []).find((d) => d?.typeCode === 'label' && typeof d.content === 'string');
  const pdf = Buffer.from(String(document?.content ?? ''), 'base64');
  if (pdf.subarray(0, 4).toString('latin1') !== '%PDF' || pdf.byteLength > CARRIER_LIMITS.labelBytes) return undefined;
  return new Uint8Array(pdf);
}

/**
 * The shipment in MyDHL's create-shipment words: the host warehouse ships, the customer receives, one package of the
 * packed box's weight and size, customs-declarable goods at their declared value. Duties prepaid by the customer
 * (decision 071) are DHL's Duty Tax Paid: the DD service, the duties billed to our account, and the DDP incoterm;
 * otherwise DAP, the receiver paying at the door.
 */
function shipmentFields(request: CarrierBookingRequest, accountNumber: string) {
  const today = new Date();
  return {
    plannedShippingDateAndTime: dhlShippingTime(today),
    pickup: { isRequested: false },
    productCode: request.product,
    ...(request.service && request.service !== 'NOR' ? { localProductCode: request.service } : {}),
    accounts: [
      { typeCode: 'shipper', number: accountNumber },
      ...(request.dutiesPaid ? [{ typeCode: 'duties-taxes', number: accountNumber }] : []),
    ],
    ...(request.dutiesPaid ? { valueAddedServices: [{ serviceCode: 'DD' }] } : {}),
    outputImageProperties: { encodingFormat: 'pdf', imageOptions: [{ typeCode: 'label' }] },
    customerReferences: [{ value: request.reference, typeCode: 'CU' }],
    customerDetails: { shipperDetails: party(request.sender), receiverDetails: party(request.receiver) },
    content: {
      packages: [
        {
          weight: request.weight,
          dimensions: { length: request.dimensions.length, width: request.dimensions.breadth, height: request.dimensions.height },
        },
      ],
      isCustomsDeclarable: true,
      declaredValue: request.declaredValue,
      declaredValueCurrency: request.currency,
      description: request.description.slice(0, 70),
      incoterm: request.dutiesPaid ? 'DDP' : 'DAP',
      unitOfMeasurement: 'metric',
      exportDeclaration: {
        lineItems: [
          {
            number: 1,
            description: request.description,
            price: request.declaredValue,
            quantity: { value: 1, unitOfMeasurement: 'PCS' },
            manufacturerCountry: request.sender.country,
            weight: { netValue: request.weight, grossValue: request.weight },
          },
        ],
        invoice: { number: request.reference, date: today.toISOString().slice(0, 10) },
      },
    },
  };
}

/** A party's postal address and contact as MyDHL takes them. */
function party(p: CarrierParty) {
  const [addressLine1 = p.address, addressLine2, addressLine3] = addressLines(p.address);
  return {
    postalAddress: {
      postalCode: p.postalCode ?? '',
      cityName: p.city,
      countryCode: p.country,
      ...(p.state && /^[A-Z]{2,3}$/.test(p.state) ? { provinceCode: p.state } : {}),
      addressLine1,
      ...(addressLine2 ? { addressLine2 } : {}),
      ...(addressLine3 ? { addressLine3 } : {}),
    },
    contactInformation: { fullName: p.name, companyName: p.name, phone: p.phone ?? '' },
  };
}

/**
 * The street text in lines of at most 45 characters, cut between words; past the third line the rest stays in the
 * third, so DHL refuses an address too long rather than the product shortening it.
 */
function addressLines(address: string): string[] {
  const lines: string[] = [];
  for (const word of address.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last.length + 1 + word.length <= ADDRESS_LINE_CHARS || lines.length === 3))
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The checkpoints of this AWB in the answer; one whose date cannot be read is left out (it has no place on the timeline). */
function trackingEvents(answer: TrackingAnswer, awb: string): CarrierEvent[] {
  const shipments = (answer.shipments ?? []).filter(
    (s) => s?.shipmentTrackingNumber === undefined || String(s.shipmentTrackingNumber) === awb,
  );
  return shipments.flatMap((s) => (Array.isArray(s.events) ? s.events : [])).flatMap((checkpoint) => toEvent(checkpoint) ?? []);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function toEvent(checkpoint: TrackingCheckpoint): CarrierEvent | undefined {
  const at = checkpointTime(checkpoint);
  if (!at) return undefined;
  const code = (text(checkpoint.typeCode) ?? '').toUpperCase();
  const signedBy = text(checkpoint.signedBy);
  return {
    at,
    code,
    stage: STAGES_BY_CODE[code] ?? 'in-transit',
    status: text(checkpoint.description) ?? code,
    location: (checkpoint.serviceArea ?? []).map((area) => text(area?.description)).find(Boolean) ?? null,
    description: signedBy ? `Signed by ${signedBy}` : null,
  };
}

/** A checkpoint's local date and time at its GMTOffset, as the instant it is; read as UTC when DHL gives no offset. */
function checkpointTime(checkpoint: TrackingCheckpoint): Date | undefined {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(checkpoint.date) ?? '');
  const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text(checkpoint.time) ?? '00:00');
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(text(checkpoint.GMTOffset) ?? '+00:00');
  if (!date || !clock || !offset) return undefined;
  const offsetMinutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const at = new Date(Date.UTC(year, month - 1, day, Number(clock[1]), Number(clock[2]) - offsetMinutes, Number(clock[3] ?? 0)));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

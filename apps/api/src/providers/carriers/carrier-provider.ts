import type { TrackingStage } from '@hopbox/contracts/tracking';

/** A party on the label and in the carrier's booking. */
export interface CarrierParty {
  name: string;
  /** Street lines as one text. */
  address: string;
  city: string;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  phone: string | null;
  /** The locker number on the sender side (the customer's suite at the host), when it has one. */
  reference?: string | null;
}

/** What the carrier is asked to carry: one shipment, booked once. */
export interface CarrierBookingRequest {
  /** The shipment id (SHP…): the shipper's reference, unique per shipment. */
  reference: string;
  /** The customer's locker number, printed on the label. */
  lockerNumber: string;
  sender: CarrierParty;
  receiver: CarrierParty;
  /** The goods in words, from the packages' contents (at most 200 characters). */
  description: string;
  /** Declared value of the goods, with its currency. */
  declaredValue: number;
  currency: string;
  pieces: number;
  /** Kilograms. */
  weight: number;
  /** Centimetres; the packed box for a consolidation, the package for a single one. */
  dimensions: { length: number; breadth: number; height: number };
  /** The carrier's product and service the customer paid for (decision 070), e.g. XPS/NOR, or DHL's P/ (Worldwide). */
  product: string;
  service: string;
  /**
   * Duties and taxes prepaid by the customer (decision 071): the shipper pays them (DHL's DTP), the receiver pays
   * nothing at the door. False: the receiver pays them at delivery (DHL's DAP).
   */
  dutiesPaid: boolean;
}

/** One tracking event, in the carrier's words and in ours. */
export interface CarrierEvent {
  at: Date;
  /** The carrier's status code. */
  code: string;
  stage: TrackingStage;
  status: string;
  location: string | null;
  description: string | null;
}

/**
 * A carrier the console books shipments with (CARRIER_PROVIDER): it issues the air waybill (AWB),
 * prints its label and reports where the shipment is.
 */
export interface CarrierProvider {
  /** `sandbox`, `c3x` or `dhl`: stored on the shipment beside the AWB. */
  readonly name: string;
  /**
   * Books the shipment; answers its AWB, and its label when the carrier hands it over only then (DHL): the caller
   * stores that label, since `label(awb)` may not be able to fetch it again later.
   */
  book(request: CarrierBookingRequest): Promise<{ awb: string; label?: Uint8Array }>;
  /** The label of a booked shipment, as a PDF. */
  label(awb: string): Promise<Uint8Array>;
  /** Every tracking event of the shipment so far, in any order (the caller stores each once). */
  track(awb: string): Promise<CarrierEvent[]>;
}

/** The carrier answered and refused: its own message, shown to staff. */
export class CarrierRefusedError extends Error {}

/** The carrier did not answer (network, timeout, HTTP error): try again later. */
export class CarrierUnavailableError extends Error {}

import { MAX_LABELS_AT_ONCE, type ShipmentTracking, type StaffShipment } from '@hopbox/contracts/shipments';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { staffKeys } from '@/lib/staff-keys';
import { toast } from '@/lib/toast';
import { eventSummary } from '../tracking-format';
import { bookShipment } from './api/book-shipment';
import { fetchLabel, fetchLabels, fetchStaffCommercialInvoice } from './api/get-labels';
import { refreshTracking } from './api/refresh-tracking';
import { carrierStateOf } from './carrier-state';
import { openPdfInNewTab } from './open-pdf';
import { settleBounded } from './settle-bounded';

/** Bookings sent to the carrier at once when staff book a selection: quick, without flooding it. */
export const BOOKING_CONCURRENCY = 3;

type IdSet = ReadonlySet<number>;

function mark(set: Dispatch<SetStateAction<IdSet>>, ids: readonly number[], on: boolean) {
  set((now) => {
    const next = new Set(now);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  });
}

/** Why the last booking from this page failed; `refused`: the carrier's refusal, which the server keeps too. */
interface Failure {
  message: string;
  refused: boolean;
}

/** 502: the carrier answered and refused (its reason is the message, and the shipment's `carrierError`). */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 502;

/**
 * What a shipment's row says went wrong with the carrier: the carrier's own words as the server kept
 * them (`carrierError`) once the list has them, else the failure of the last booking made here (the
 * carrier not answering is not kept by the server).
 */
function problemOf(shipment: StaffShipment, failure: Failure | undefined): string | null {
  const kept = shipment.carrierError ? `Carrier: ${shipment.carrierError}` : null;
  if (!failure) return kept;
  return failure.refused && kept ? kept : failure.message;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * The Dispatch page's work with the carrier: booking one shipment or a selection (a few at a time),
 * printing labels, reading tracking. Keeps what is under way per shipment and, until a later booking
 * succeeds, why the last one failed, so the row and the dispatch dialog both say it.
 */
export function useCarrierDesk() {
  const queryClient = useQueryClient();
  const [booking, setBooking] = useState<IdSet>(new Set());
  const [tracking, setTracking] = useState<IdSet>(new Set());
  const [printing, setPrinting] = useState<string | null>(null);
  const [failures, setFailures] = useState<ReadonlyMap<number, Failure>>(new Map());
  const [timelines, setTimelines] = useState<ReadonlyMap<number, ShipmentTracking>>(new Map());

  const refreshLists = (ids: readonly number[]) => {
    void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
    for (const id of ids) void queryClient.invalidateQueries({ queryKey: staffKeys.audit('shipment', id) });
  };

  const book = async (shipments: readonly StaffShipment[]) => {
    const ids = shipments.map((s) => s.id);
    mark(setBooking, ids, true);
    const results = await settleBounded(shipments, BOOKING_CONCURRENCY, (s) => bookShipment(s.id));
    mark(setBooking, ids, false);
    setFailures((now) => {
      const next = new Map(now);
      results.forEach((result, index) => {
        const id = ids[index] as number;
        if (result.status === 'fulfilled') next.delete(id);
        else next.set(id, { message: errorMessage(result.reason), refused: isRefusal(result.reason) });
      });
      return next;
    });
    refreshLists(ids);

    const booked = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = results.length - booked.length;
    const only = shipments.length === 1 ? shipments[0] : undefined;
    if (only && booked[0]) toast.success(`${only.shipmentId} booked with ${carrierLabel(booked[0].carrier)}: AWB ${booked[0].awb}`);
    else if (only && results[0]?.status === 'rejected') toast.error(`${only.shipmentId}: ${errorMessage(results[0].reason)}`);
    else if (failed === 0) toast.success(`${plural(booked.length, 'shipment')} booked with ${carrierLabel(booked[0]?.carrier ?? null)}`);
    else toast.error(`${booked.length} booked, ${failed} not: each failed row says why`);
  };

  const openPdf = (key: string, load: () => Promise<Blob>, fileName: string) => {
    setPrinting(key);
    openPdfInNewTab(load, fileName)
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setPrinting(null));
  };

  const printLabel = (shipment: StaffShipment) =>
    openPdf(`label-${shipment.id}`, () => fetchLabel(shipment.id), `${shipment.shipmentId}-label.pdf`);

  /** A paid shipment's commercial invoice for customs, to print with the label. */
  const printInvoice = (shipment: StaffShipment) =>
    openPdf(`invoice-${shipment.id}`, () => fetchStaffCommercialInvoice(shipment.id), `commercial-invoice-${shipment.shipmentId}.pdf`);

  /** The labels of the booked shipments among `shipments`, in their order, as one PDF. */
  const printLabels = (shipments: readonly StaffShipment[]) => {
    const booked = shipments.filter((s) => carrierStateOf(s) === 'booked');
    if (booked.length === 0) {
      toast.error('None of the selected shipments is booked with the carrier yet: book them first');
      return;
    }
    if (booked.length > MAX_LABELS_AT_ONCE) {
      toast.error(`Print at most ${MAX_LABELS_AT_ONCE} labels at once`);
      return;
    }
    openPdf('labels', () => fetchLabels(booked.map((s) => s.id)), `labels-${booked.length}.pdf`);
    const left = shipments.length - booked.length;
    if (left > 0) toast.info(`${plural(left, 'selected shipment')} not booked yet ${left === 1 ? 'is' : 'are'} left out`);
  };

  const readTracking = async (shipment: StaffShipment) => {
    mark(setTracking, [shipment.id], true);
    try {
      const timeline = await refreshTracking(shipment.id);
      setTimelines((now) => new Map(now).set(shipment.id, timeline));
      const latest = timeline.events[0];
      toast.success(`${shipment.shipmentId}: ${latest ? eventSummary(latest) : 'no tracking events yet'}`);
    } catch (err) {
      toast.error(`${shipment.shipmentId}: ${errorMessage(err)}`);
    } finally {
      mark(setTracking, [shipment.id], false);
      refreshLists([shipment.id]);
    }
  };

  return {
    book,
    printLabel,
    printLabels,
    printInvoice,
    readTracking,
    isBooking: (id: number) => booking.has(id),
    isReadingTracking: (id: number) => tracking.has(id),
    printing,
    problemOf: (shipment: StaffShipment) => problemOf(shipment, failures.get(shipment.id)),
    /** The timeline the last tracking read answered, while this page is open. */
    timelineOf: (id: number) => timelines.get(id),
  };
}

export type CarrierDesk = ReturnType<typeof useCarrierDesk>;

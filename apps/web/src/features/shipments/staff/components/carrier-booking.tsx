import { formatMoney } from '@hopbox/contracts/money';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { FileText, Printer, RefreshCw, Truck } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DetailList } from '@/components/detail-list';
import { LatestEvent } from '../../components/latest-event';
import { TrackingTimeline } from '../../components/tracking-timeline';
import { canRefreshTracking, carrierStateOf } from '../carrier-state';
import type { CarrierDesk } from '../use-carrier-desk';

/** The carrier's reason for the last failed booking or tracking read, until one succeeds. */
export function CarrierProblem({ shipment, desk, className }: { shipment: StaffShipment; desk: CarrierDesk; className?: string }) {
  const problem = desk.problemOf(shipment);
  if (!problem) return null;
  return (
    <Alert tone="error" className={className ?? 'mt-1.5 max-w-72 min-w-48 px-2.5 py-2 text-xs whitespace-normal'}>
      {problem}
    </Alert>
  );
}

/**
 * A row's AWB: the carrier that issued it and its latest tracking event, or that it was typed by hand;
 * and the carrier's last refusal.
 */
export function CarrierSummary({ shipment, desk }: { shipment: StaffShipment; desk: CarrierDesk }) {
  const state = carrierStateOf(shipment);
  return (
    <div className="min-w-0">
      {shipment.awb ? (
        <>
          <span className="block font-mono whitespace-nowrap">{shipment.awb}</span>
          <span className="block text-xs whitespace-nowrap text-muted">
            {state === 'booked' ? carrierLabel(shipment.carrier) : 'Entered by hand'}
          </span>
          {state === 'booked' && shipment.latestEvent && (
            <span className="mt-1 block text-xs">
              <LatestEvent event={shipment.latestEvent} />
            </span>
          )}
        </>
      ) : (
        <span className="text-muted">
          <span aria-hidden="true">—</span>
          <span className="sr-only">No AWB yet</span>
        </span>
      )}
      <CarrierProblem shipment={shipment} desk={desk} />
    </div>
  );
}

/**
 * A paid shipment's commercial invoice, opened in a new tab. `compact`: the icon alone (named by its label
 * and title), where a row's AWB needs the room.
 */
export function InvoiceAction({ shipment, desk, compact = false }: { shipment: StaffShipment; desk: CarrierDesk; compact?: boolean }) {
  if (shipment.paymentStatus !== 'Paid') return null;
  const printing = desk.printing === `invoice-${shipment.id}`;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => desk.printInvoice(shipment)}
      loading={printing}
      aria-label={`Commercial invoice ${shipment.shipmentId}`}
      title="Commercial invoice"
      className={compact ? 'px-2' : undefined}
    >
      {!printing && <FileText className="size-3.5" aria-hidden="true" />}
      {!compact && 'Commercial invoice'}
    </Button>
  );
}

/**
 * The carrier buttons of a shipment: "Book with carrier" while it can be booked; once booked, "Print
 * label" and, until delivered, "Refresh tracking"; the commercial invoice of any paid one. Each accessible
 * name adds the shipment id to the words shown.
 */
export function CarrierActions({ shipment, desk, compact = false }: { shipment: StaffShipment; desk: CarrierDesk; compact?: boolean }) {
  return (
    <>
      <BookingActions shipment={shipment} desk={desk} />
      <InvoiceAction shipment={shipment} desk={desk} compact={compact} />
    </>
  );
}

function BookingActions({ shipment, desk }: { shipment: StaffShipment; desk: CarrierDesk }) {
  const state = carrierStateOf(shipment);
  const id = shipment.shipmentId;
  if (state === 'bookable') {
    const busy = desk.isBooking(shipment.id);
    return (
      <Button size="sm" onClick={() => void desk.book([shipment])} loading={busy} aria-label={`Book with carrier ${id}`}>
        {!busy && <Truck className="size-3.5" aria-hidden="true" />}
        Book with carrier
      </Button>
    );
  }
  if (state !== 'booked') return null;
  const reading = desk.isReadingTracking(shipment.id);
  const printing = desk.printing === `label-${shipment.id}`;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => desk.printLabel(shipment)} loading={printing} aria-label={`Print label ${id}`}>
        {!printing && <Printer className="size-3.5" aria-hidden="true" />}
        Print label
      </Button>
      {canRefreshTracking(shipment) && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void desk.readTracking(shipment)}
          loading={reading}
          aria-label={`Refresh tracking ${id}`}
        >
          {!reading && <RefreshCw className="size-3.5" aria-hidden="true" />}
          Refresh tracking
        </Button>
      )}
    </>
  );
}

/** Who pays customs at the destination, as the booking tells the carrier (decision 071). */
function dutiesTerms(shipment: StaffShipment) {
  const duties = shipment.duties;
  if (duties?.payableAt === 'PREPAID')
    return `Prepaid by the customer (${formatMoney(duties.total, duties.currency)}): booked duties paid by shipper`;
  return 'Paid by the receiver at delivery';
}

/** The dispatch dialog's carrier section: the booking, the carrier's last refusal, the buttons and the latest tracking. */
export function CarrierPanel({ shipment, desk }: { shipment: StaffShipment; desk: CarrierDesk }) {
  const state = carrierStateOf(shipment);
  const timeline = desk.timelineOf(shipment.id);
  const latest = timeline?.events[0] ?? shipment.latestEvent;
  const intro = {
    bookable: 'Book the shipment with the carrier: it issues the AWB and the label, and the customer follows its tracking.',
    booked: null,
    'by-hand': 'This shipment was booked outside Hopbox: its AWB was entered by hand, and the carrier that issued it prints its label.',
    none: 'Only a paid shipment that has not left can be booked with the carrier.',
  }[state];
  return (
    <section aria-labelledby="carrier-heading" className="space-y-3 border-t border-line pt-5">
      <h3 id="carrier-heading" className="text-sm font-semibold text-fg">
        Carrier
      </h3>
      {intro && <p className="text-sm text-muted">{intro}</p>}
      {(shipment.carrierOption || shipment.duties) && (
        <DetailList
          items={[
            { label: 'Paid for', value: shipment.carrierOption ? shipment.carrierOption.name : 'Express (XPS), normal service (NOR)' },
            { label: 'Duties and taxes', value: dutiesTerms(shipment) },
          ]}
        />
      )}
      {state === 'booked' && (
        <DetailList
          items={[
            { label: 'Carrier', value: carrierLabel(shipment.carrier) },
            { label: 'AWB', value: <span className="font-mono">{shipment.awb}</span> },
            { label: 'Latest tracking', value: latest ? <LatestEvent event={latest} /> : 'No tracking yet' },
          ]}
        />
      )}
      <CarrierProblem shipment={shipment} desk={desk} className="text-sm" />
      <div className="flex flex-wrap gap-2">
        <CarrierActions shipment={shipment} desk={desk} />
      </div>
      {timeline && timeline.events.length > 0 && (
        <div className="rounded-xl border border-line p-4">
          <TrackingTimeline events={timeline.events} label={`Tracking of ${shipment.shipmentId}, newest first`} />
        </div>
      )}
    </section>
  );
}

import { messages } from '@hopbox/contracts/messages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { Eye, Send } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ShipmentStatusBadge } from '@/components/status-badges';
import { formatShortDate } from '@/lib/format';
import { useLinkedSentShipment, useSentShipments } from '../api/get-sent-shipments';
import { LatestEvent } from '../components/latest-event';
import { leadingShipmentColumns, ShipmentList, useShipmentListParams } from '../components/shipment-list';

/*
 * The details (with the carrier's timeline) load when first opened, so the page itself stays as small
 * as it was before tracking. (Loading them in the background as the list shows was tried: a route
 * change started while that import ran could hang, so they load on demand only.)
 */
const SentShipmentDetailsModal = lazy(() =>
  import('../components/sent-shipment-details-modal').then((module) => ({ default: module.SentShipmentDetailsModal })),
);

/** The address parameter of the "Shipped" mail's link (contracts' `trackingPath`): the shipment whose details open. */
const TRACK_PARAM = 'track';

const notAssigned = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">Not assigned</span>
  </>
);

/** The AWB, what the customer tracks with, and under it the carrier's latest event. */
const awbAndTracking = (s: SentShipment, missing: ReactNode, withPlace: boolean) => (
  <>
    {s.awb ? <span className="block font-mono text-xs whitespace-nowrap">{s.awb}</span> : <span className="text-muted">{missing}</span>}
    {s.latestEvent && <LatestEvent event={s.latestEvent} withPlace={withPlace} className="mt-1 max-w-36 text-xs" />}
  </>
);

/** The status, and a small mark under it when the shipment is insured (SPEC.md's columns stay as they are). */
const statusAndInsurance = (s: SentShipment, className = 'items-start') => (
  <span className={`inline-flex flex-col gap-1 ${className}`}>
    <ShipmentStatusBadge status={s.shipmentStatus} />
    {s.insured && (
      <Badge tone="green" className="px-2 text-[11px]">
        Insured
      </Badge>
    )}
  </span>
);

function sentColumns(viewButton: (s: SentShipment, className?: string) => ReactNode): Column<SentShipment>[] {
  const leading = leadingShipmentColumns<SentShipment>({
    id: (s) => s.shipmentId,
    locker: (s) => s.lockerNumber || 'N/A',
    customer: (s) => s.customerName,
    packageIds: (s) => s.packageIds,
    weight: (s) => s.totalWeight,
  });
  return [
    // SPEC.md's columns all stay; a container too narrow for them scrolls the table sideways.
    ...leading,
    {
      id: 'awb',
      header: 'AWB / Tracking',
      cell: (s) => awbAndTracking(s, notAssigned, false),
      card: { slot: 'wide-field', render: (s) => awbAndTracking(s, 'Not assigned', true) },
    },
    { id: 'ordered', header: 'Order Date', cellClassName: 'whitespace-nowrap', cell: (s) => formatShortDate(s.orderDate), card: 'field' },
    {
      id: 'host',
      header: 'Host Code',
      cellClassName: 'whitespace-nowrap',
      cell: (s) => s.hostCode || 'N/A',
      card: 'field',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => statusAndInsurance(s),
      card: { slot: 'aside', render: (s) => statusAndInsurance(s, 'items-end') },
    },
    {
      // `actions`: the column the table keeps in view when it scrolls sideways.
      id: 'actions',
      header: 'View',
      hideHeader: true,
      cellClassName: 'text-right',
      cell: (s) => viewButton(s),
      card: { slot: 'footer', render: (s) => viewButton(s, 'mt-1 w-full'), className: 'w-full' },
    },
  ];
}

const NONE_SENT = {
  icon: Send,
  title: 'You have not sent any shipments yet.',
  description: 'Once a shipment is paid for, it appears here with its AWB number, status and tracking.',
};

/** /sent-shipment: paid shipments and where they are, with a details modal. */
export default function SentShipmentPage() {
  const list = useShipmentListParams();
  const shipments = useSentShipments({ page: list.page, pageSize: list.pageSize, q: list.q });
  const answer = shipments.data;
  const refreshing = shipments.isPlaceholderData;
  const [viewing, setViewing] = useState<SentShipment | null>(null);
  const [params, setParams] = useSearchParams();
  const tracked = params.get(TRACK_PARAM);
  const onPage = tracked ? answer?.data.find((s) => s.shipmentId === tracked) : undefined;
  // A link to a shipment that is not on this page is looked up; one not in the list at all (another account's, or
  // mistyped) quietly shows the list.
  const looked = useLinkedSentShipment(tracked && answer && !onPage ? tracked : null);
  const linked = onPage ?? looked.data ?? null;
  const shown = viewing ?? linked;
  const [detailsUsed, setDetailsUsed] = useState(false);
  if (shown && !detailsUsed) setDetailsUsed(true);
  const count = answer?.total ?? 0;
  const noneSent = answer !== undefined && !refreshing && count === 0 && list.q === '' && list.search.trim() === '';

  const closeDetails = () => {
    setViewing(null);
    if (tracked)
      setParams(
        (now) => {
          now.delete(TRACK_PARAM);
          return now;
        },
        { replace: true },
      );
  };

  const viewButton = (s: SentShipment, className?: string) => (
    <Button variant="secondary" size="sm" onClick={() => setViewing(s)} aria-label={`View ${s.shipmentId}`} className={className}>
      <Eye className="size-3.5" aria-hidden="true" />
      View
    </Button>
  );

  return (
    <>
      <PageHeader tabTitle="Sent Shipments" title="Sent Shipments" description="Shipments you have paid for, from dispatch to delivery." />

      <ShipmentList
        query={shipments}
        list={list}
        view={answer && { rows: answer.data, page: answer.page, total: answer.total }}
        isEmpty={noneSent}
        refreshing={refreshing}
        label="Sent shipments"
        pagerLabel="Sent shipments"
        columns={sentColumns(viewButton)}
        placeholder="Search by shipment, package, AWB..."
        errorText={messages.shipments.sentFetchFailed}
        empty={NONE_SENT}
        toolbarEnd={
          <p className="text-sm text-muted">
            {count} {count === 1 ? 'shipment' : 'shipments'}
          </p>
        }
      />

      {detailsUsed && (
        <Suspense fallback={null}>
          <SentShipmentDetailsModal shipment={shown} onClose={closeDetails} />
        </Suspense>
      )}
    </>
  );
}

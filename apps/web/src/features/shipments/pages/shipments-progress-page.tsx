import { messages } from '@hopbox/contracts/messages';
import { formatMoney, PAYMENT_CANCELLED_NOTICE } from '@hopbox/contracts/money';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { CreditCard, PackageCheck, Truck } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ConsolidationStatusBadge, ReadyBadge } from '@/components/status-badges';
import { formatShortDate, packageIdsOf, priceHeldUntil } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useConsolidatedShipments } from '../api/get-consolidated-shipments';
import { leadingShipmentColumns, ShipmentList, searchedInBrowser, useShipmentListParams } from '../components/shipment-list';

// The dialog, its price lines and its payment options load when a consolidation is finished, not with the list.
const FinishShipmentModal = lazy(async () => ({ default: (await import('../components/finish-shipment-modal')).FinishShipmentModal }));

const searchText = (s: ConsolidatedShipment) =>
  [
    s.shipment_id,
    s.locker_number,
    s.customer_name,
    packageIdsOf(s.package_ids).join(' '),
    s.origin,
    s.destination,
    s.consolidation_status,
    s.ready_to_ship ? 'ready yes' : 'not ready no',
  ].join(' ');

/** The row's price: its own Pay action once packed and ready, else the estimate it is shown at. */
function PriceCell({ shipment, onPay }: { shipment: ConsolidatedShipment; onPay: (s: ConsolidatedShipment) => void }) {
  if (shipment.amount === null) return <span className="text-muted">N/A</span>;
  const amount = formatMoney(shipment.amount, shipment.currency);
  if (shipment.ready_to_ship)
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <Button size="sm" onClick={() => onPay(shipment)} className="whitespace-nowrap">
          <CreditCard className="size-3.5" aria-hidden="true" />
          Pay {amount}
          <span className="sr-only"> for {shipment.shipment_id}</span>
        </Button>
        {shipment.price_held_until && <span className="text-xs text-muted">{priceHeldUntil(shipment.price_held_until)}</span>}
      </span>
    );
  return (
    <span className="whitespace-nowrap">
      <span className="tabular-nums text-fg">{amount}</span>
      <span className="block text-xs text-muted">
        {shipment.priced_from === 'packed_box' ? 'Packed: not ready yet' : 'Estimate, until packed'}
      </span>
    </span>
  );
}

/**
 * SPEC.md's columns all stay, as in Sent Shipments: a container too narrow for them scrolls the table sideways,
 * and the price with its Pay action (id `actions`, the column the table pins) stays in view at the right edge.
 */
const columns = (onPay: (s: ConsolidatedShipment) => void): Column<ConsolidatedShipment>[] => [
  ...leadingShipmentColumns<ConsolidatedShipment>({
    id: (s) => s.shipment_id,
    locker: (s) => s.locker_number,
    customer: (s) => s.customer_name,
    packageIds: (s) => s.package_ids,
    weight: (s) => s.total_weight,
  }),
  { id: 'origin', header: 'Origin', cellClassName: 'min-w-20', cell: (s) => s.origin, card: 'field' },
  { id: 'ready', header: 'Ready to Ship', cell: (s) => <ReadyBadge ready={s.ready_to_ship} />, card: 'field' },
  {
    id: 'status',
    header: 'Consolidation Status',
    cell: (s) => <ConsolidationStatusBadge status={s.consolidation_status} />,
    card: 'aside',
  },
  {
    id: 'created',
    header: 'Created Date',
    cellClassName: 'whitespace-nowrap',
    cell: (s) => formatShortDate(s.created_at),
    card: 'field',
  },
  { id: 'actions', header: 'Price', cell: (s) => <PriceCell shipment={s} onPay={onPay} />, card: 'wide-field' },
];

const NONE_IN_PROGRESS = {
  icon: Truck,
  title: 'You have no shipments in progress.',
  description: 'When you combine packages into one shipment, it is listed here while we prepare it, until you finish and pay for it.',
  action: (
    <Link to="/received-packages" className={buttonClasses('secondary')}>
      Go to Received Packages
    </Link>
  ),
};

/** /shipments-progress: consolidations being prepared; pick one that is ready and pay to finish it. */
export default function ShipmentsProgressPage() {
  const shipments = useConsolidatedShipments();
  const list = useShipmentListParams();
  // SPEC.md: only one row can be selected; ticking another replaces it.
  const [selection, setSelection] = useState<ReadonlyMap<string, ConsolidatedShipment>>(new Map());
  const [finishingId, setFinishingId] = useState<number | null>(null);
  const selectedId = [...selection.values()][0]?.id;
  const selected = shipments.data?.find((s) => s.id === selectedId) ?? null;
  // The modal shows the row as last fetched, so Recalculate (a refetch) updates its amount.
  const finishing = shipments.data?.find((s) => s.id === finishingId) ?? null;

  const finish = () => {
    if (!selected) return void toast.error(messages.shipments.selectShipment);
    if (!selected.ready_to_ship) return void toast.error(messages.shipments.notReady);
    setFinishingId(selected.id);
  };
  /** A row's own Pay action: it becomes the selection, and its payment opens. */
  const pay = useCallback((s: ConsolidatedShipment) => {
    setSelection(new Map([[String(s.id), s]]));
    setFinishingId(s.id);
  }, []);
  usePayLink(shipments.data, pay);
  const tableColumns = useMemo(() => columns(pay), [pay]);

  const finishButton = (
    <Button onClick={finish} disabled={!selected}>
      <PackageCheck className="size-4" aria-hidden="true" />
      Finish Shipment
    </Button>
  );

  return (
    <>
      <PageHeader
        tabTitle="Shipments Progress"
        title="Shipments Progress"
        description="Consolidated shipments we are preparing for you. Each is priced from its packed box once we have packed it; until then you see an estimate. When one is ready to ship, pay to finish it."
        actions={shipments.data?.length ? finishButton : undefined}
      />

      <ShipmentList
        query={shipments}
        list={list}
        view={searchedInBrowser(shipments.data, list, searchText)}
        isEmpty={shipments.data?.length === 0}
        label="Consolidated shipments"
        pagerLabel="Shipments"
        columns={tableColumns}
        placeholder="Search by shipment, package, origin..."
        errorText={messages.shipments.consolidatedFetchFailed}
        empty={NONE_IN_PROGRESS}
        selection={{ selected: selection, onChange: setSelection, mode: 'single', rowLabel: (s) => `Select ${s.shipment_id}` }}
        toolbarEnd={
          <p className="text-sm text-muted" aria-live="polite">
            {selected ? (
              <>
                Selected: <span className="font-medium text-fg">{selected.shipment_id}</span>
              </>
            ) : (
              'Select a shipment that is ready to ship to finish it.'
            )}
          </p>
        }
      />

      {finishing && (
        <Suspense fallback={null}>
          <FinishShipmentModal
            shipment={finishing}
            onClose={() => setFinishingId(null)}
            onRecalculate={() => shipments.refetch()}
            recalculating={shipments.isRefetching}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The ready-to-pay mail links to /shipments-progress?pay=SHP…: that consolidation's payment opens once it is listed and ready.
 * `?payment=cancelled` (the payment page's "Cancel and go back") says the payment was cancelled (decision 056).
 * Each parameter is then dropped, so a reload does not do it again.
 */
function usePayLink(rows: ConsolidatedShipment[] | undefined, pay: (s: ConsolidatedShipment) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('pay');
  const cancelled = params.get('payment') === 'cancelled';
  useEffect(() => {
    if (cancelled) toast(PAYMENT_CANCELLED_NOTICE);
    if (!(wanted && rows) && !cancelled) return;
    setParams(
      (next) => {
        next.delete('payment');
        if (rows) next.delete('pay');
        return next;
      },
      { replace: true },
    );
    if (!wanted || !rows) return;
    const row = rows.find((s) => s.shipment_id === wanted.toUpperCase());
    if (!row) return void toast.error(`${wanted} is no longer waiting for payment`);
    if (!row.ready_to_ship) return void toast.error(messages.shipments.notReady);
    pay(row);
  }, [wanted, rows, pay, cancelled, setParams]);
}

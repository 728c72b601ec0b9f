import { messages } from '@hopbox/contracts/messages';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { PackageCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/button';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ConsolidationStatusBadge, ReadyBadge } from '@/components/status-badges';
import { formatShortDate, packageIdsOf } from '@/lib/format';
import { useConsolidatedShipments } from '../api/get-consolidated-shipments';
import { FinishShipmentModal } from '../components/finish-shipment-modal';
import { leadingShipmentColumns, ShipmentList } from '../components/shipment-list';

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

const COLUMNS: Column<ConsolidatedShipment>[] = [
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
  { id: 'created', header: 'Created Date', cellClassName: 'whitespace-nowrap', cell: (s) => formatShortDate(s.created_at), card: 'field' },
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
        description="Consolidated shipments we are preparing for you. When one is ready to ship, select it and finish it by paying."
        actions={shipments.data?.length ? finishButton : undefined}
      />

      <ShipmentList
        query={shipments}
        label="Consolidated shipments"
        pagerLabel="Shipments"
        columns={COLUMNS}
        searchText={searchText}
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

      <FinishShipmentModal
        shipment={finishing}
        onClose={() => setFinishingId(null)}
        onRecalculate={() => shipments.refetch()}
        recalculating={shipments.isRefetching}
      />
    </>
  );
}

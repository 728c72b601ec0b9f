import type { StaffShipment } from '@hopbox/contracts/shipments';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { FilterButtons } from '@/components/filter-buttons';
import { ListStates } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { oneOf } from '@/lib/list-params';
import { useListParams } from '@/lib/use-list-params';
import { useOpenConsolidations } from '../api/get-staff-shipments';
import { ConsolidationCard } from '../components/consolidation-card';
import { ShipmentHistoryModal } from '../components/shipment-history-modal';

const VIEWS = [
  { value: 'open', label: 'Pending and In Progress' },
  { value: 'Completed', label: 'Completed' },
  { value: 'all', label: 'All' },
] as const;
type View = (typeof VIEWS)[number]['value'];

function inView(shipment: StaffShipment, view: View): boolean {
  const status = shipment.consolidationStatus ?? 'Pending';
  if (view === 'all') return true;
  if (view === 'Completed') return status === 'Completed';
  return status !== 'Completed';
}

const VIEW_VALUES = VIEWS.map((v) => v.value);

/** /staff/consolidations: consolidated shipments not yet paid, to pack and mark Ready to Ship. */
export default function ConsolidationsPage() {
  const list = useListParams({ filters: { view: 'open' } });
  const view = oneOf<View>(VIEW_VALUES, list.filters.view);
  const [history, setHistory] = useState<StaffShipment | null>(null);
  // Every open consolidation at once: current work, bounded by the warehouse's shelves (decision 075).
  const shipments = useOpenConsolidations();
  const all = shipments.data?.data ?? [];
  const rows = all.filter((s) => inView(s, view));
  const options = VIEWS.map((v) => ({ ...v, count: shipments.data && all.filter((s) => inView(s, v.value)).length }));
  const unshown = shipments.data ? shipments.data.total - all.length : 0;

  return (
    <>
      <PageHeader
        tabTitle="Consolidations"
        title="Consolidations"
        description="Customers' multi-package shipments waiting to be packed. Set Ready to Ship when the box is done: the customer can then pay."
      />
      <FilterButtons
        label="Show consolidations"
        options={options}
        value={view}
        onChange={(v) => list.setFilter('view', v)}
        className="mb-5"
      />
      {unshown > 0 && shipments.data && (
        <Alert tone="warning" className="mb-5">
          {`The ${all.length.toLocaleString('en-US')} newest of ${shipments.data.total.toLocaleString('en-US')}${shipments.data.totalCapped ? '+' : ''} open consolidations are shown, and the counts above are of those.`}
        </Alert>
      )}
      <ListStates
        query={shipments}
        isEmpty={rows.length === 0}
        empty={{
          icon: Layers,
          title: view === 'Completed' ? 'No completed consolidations waiting' : 'No consolidations to pack',
          description: 'When a customer combines packages into one shipment, it appears here until it is paid.',
        }}
        loading={<SkeletonGroup count={2} className="grid gap-4 xl:grid-cols-2" aria-busy="true" itemClassName="h-64" />}
      >
        <ul className="grid gap-4 xl:grid-cols-2">
          {rows.map((s) => (
            <li key={s.id} className="min-w-0">
              <ConsolidationCard shipment={s} onHistory={() => setHistory(s)} />
            </li>
          ))}
        </ul>
      </ListStates>
      <ShipmentHistoryModal shipment={history} onClose={() => setHistory(null)} />
    </>
  );
}

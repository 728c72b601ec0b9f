import type { StaffShipment } from '@hopbox/contracts/shipments';
import { STAFF_SHIPMENTS_PAGE_SIZE, type StaffShipmentFilter } from '@hopbox/contracts/staff-shipments';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { ListStates } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { cn } from '@/lib/cn';
import { oneOf } from '@/lib/list-params';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { useStaffShipmentsCount, useStaffShipmentsPage } from '../api/get-staff-shipments';
import { ConsolidationCard } from '../components/consolidation-card';
import { ShipmentHistoryModal } from '../components/shipment-history-modal';

type View = 'open' | 'Completed' | 'all';

/** The page's views and the server's list each one is (decision 075). */
const VIEWS: { value: View; label: string; status: StaffShipmentFilter }[] = [
  { value: 'open', label: 'Pending and In Progress', status: 'to-pack' },
  { value: 'Completed', label: 'Completed', status: 'packed' },
  { value: 'all', label: 'All', status: 'consolidating' },
];

const VIEW_VALUES = VIEWS.map((v) => v.value);

/** /staff/consolidations: consolidated shipments not yet paid, to pack and mark Ready to Ship, a page of cards at a time. */
export default function ConsolidationsPage() {
  const list = useListParams({ filters: { view: 'open' }, defaultPageSize: STAFF_SHIPMENTS_PAGE_SIZE });
  const view = oneOf<View>(VIEW_VALUES, list.filters.view);
  const { page, pageSize } = list;
  const [history, setHistory] = useState<StaffShipment | null>(null);
  const shipments = useStaffShipmentsPage({ status: VIEWS.find((v) => v.value === view)?.status ?? 'to-pack', page, pageSize });
  // A card made ready or reopened leaves its view: a page past the view's new end becomes the last.
  useClampPage(list, shipments.data?.totalCapped ? undefined : shipments.data?.total);
  const counts = [useStaffShipmentsCount('to-pack'), useStaffShipmentsCount('packed'), useStaffShipmentsCount('consolidating')];
  const options = VIEWS.map((v, i) => ({ ...v, count: counts[i]?.data?.total }));
  const rows = shipments.data?.data ?? [];

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
      <ListStates
        query={shipments}
        isEmpty={rows.length === 0 && page === 1}
        empty={{
          icon: Layers,
          title: view === 'Completed' ? 'No completed consolidations waiting' : 'No consolidations to pack',
          description: 'When a customer combines packages into one shipment, it appears here until it is paid.',
        }}
        loading={<SkeletonGroup count={2} className="grid gap-4 xl:grid-cols-2" aria-busy="true" itemClassName="h-64" />}
      >
        <ul
          className={cn('grid gap-4 transition-opacity xl:grid-cols-2', shipments.isPlaceholderData && 'opacity-60')}
          aria-busy={shipments.isPlaceholderData || undefined}
        >
          {rows.map((s) => (
            <li key={s.id} className="min-w-0">
              <ConsolidationCard shipment={s} onHistory={() => setHistory(s)} />
            </li>
          ))}
        </ul>
        {shipments.data && (
          <Pagination
            label="Consolidations"
            page={page}
            pageSize={pageSize}
            total={shipments.data.total}
            totalCapped={shipments.data.totalCapped}
            pageRows={rows.length}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            className="mt-5"
          />
        )}
      </ListStates>
      <ShipmentHistoryModal shipment={history} onClose={() => setHistory(null)} />
    </>
  );
}

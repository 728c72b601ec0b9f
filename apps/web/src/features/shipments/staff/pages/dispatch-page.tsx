import { formatMoney } from '@hopbox/contracts/money';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { PlaneTakeoff } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { PageHeader } from '@/components/page-header';
import { ShipmentStatusBadge } from '@/components/status-badges';
import { formatDateTime, formatKg, packageIdsOf } from '@/lib/format';
import { oneOf } from '@/lib/list-params';
import { useListParams } from '@/lib/use-list-params';
import { type StaffShipmentFilter, useStaffShipments } from '../api/get-staff-shipments';
import { DispatchModal } from '../components/dispatch-modal';

const VIEWS: { value: StaffShipmentFilter; label: string }[] = [
  { value: 'awaiting-dispatch', label: 'Awaiting dispatch' },
  { value: 'Shipped', label: 'Shipped' },
  { value: 'Delivered', label: 'Delivered' },
  { value: 'all', label: 'All' },
];

const VIEW_VALUES = VIEWS.map((v) => v.value);

/** /staff/dispatch: paid shipments to put on a flight, then Shipped and Delivered ones. */
export default function DispatchPage() {
  const list = useListParams({ filters: { view: 'awaiting-dispatch' } });
  const view = oneOf(VIEW_VALUES, list.filters.view);
  const [open, setOpen] = useState<StaffShipment | null>(null);
  const shipments = useStaffShipments(view);
  // "All" includes unpaid drafts and consolidations; only paid shipments can be dispatched.
  const rows = shipments.data?.filter((s) => view !== 'all' || s.paymentStatus === 'Paid');

  const columns: Column<StaffShipment>[] = [
    {
      id: 'shipment',
      header: 'Shipment',
      cell: (s) => {
        const count = packageIdsOf(s.packageIds).length;
        return (
          <CellLines
            main={s.shipmentId}
            sub={`${count} package${count === 1 ? '' : 's'}`}
            mainClassName="font-mono font-medium whitespace-nowrap"
            subClassName="whitespace-nowrap"
          />
        );
      },
    },
    {
      id: 'customer',
      header: 'Customer',
      cell: (s) => <CellLines main={s.customerName} sub={s.lockerNumber} mainClassName="max-w-44 truncate" subClassName="font-mono" />,
    },
    {
      id: 'route',
      header: 'Route',
      showFrom: '@3xl',
      cellClassName: 'max-w-56',
      cell: (s) => <CellLines main={s.origin} sub={`→ ${s.city}, ${s.destination}`} truncate />,
    },
    {
      id: 'weight',
      header: 'Weight',
      showFrom: '@4xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (s) => formatKg(s.totalWeight),
    },
    {
      id: 'paid',
      header: 'Paid',
      showFrom: '@5xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (s) => formatMoney(s.amount, s.currency),
    },
    { id: 'status', header: 'Status', cell: (s) => <ShipmentStatusBadge status={s.shipmentStatus} /> },
    {
      id: 'awb',
      header: 'AWB',
      showFrom: '@2xl',
      cellClassName: 'font-mono whitespace-nowrap',
      cell: (s) => s.awb ?? <span className="text-muted">—</span>,
    },
    {
      id: 'processing',
      header: 'Processing date',
      showFrom: '@4xl',
      cellClassName: 'whitespace-nowrap',
      cell: (s) => (s.processingDate ? formatDateTime(s.processingDate) : '—'),
    },
    actionsColumn((s) => {
      const done = s.shipmentStatus === 'Delivered';
      return (
        <button
          type="button"
          onClick={() => setOpen(s)}
          aria-label={`${done ? 'Open' : 'Dispatch'} ${s.shipmentId}`}
          className={buttonClasses(done ? 'secondary' : 'primary', 'sm')}
        >
          {done ? 'Open' : 'Dispatch'}
        </button>
      );
    }),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Dispatch"
        title="Dispatch"
        description="Paid shipments waiting to leave: enter the AWB and move them through Processed, Shipped and Delivered."
      />
      <FilterButtons label="Show shipments" options={VIEWS} value={view} onChange={(v) => list.setFilter('view', v)} className="mb-5" />
      <Card>
        <DataTable
          label="Shipments"
          columns={columns}
          rows={rows}
          query={shipments}
          emptyState={{
            icon: PlaneTakeoff,
            title:
              view === 'awaiting-dispatch'
                ? 'Nothing waiting to be dispatched'
                : `No ${view === 'all' ? 'paid' : view.toLowerCase()} shipments`,
            description: 'Shipments appear here once the customer has paid for them.',
          }}
        />
      </Card>
      <DispatchModal shipment={open} onClose={() => setOpen(null)} />
    </>
  );
}

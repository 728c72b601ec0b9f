import type { StaffShipment } from '@hopbox/contracts/shipments';
import { PlaneTakeoff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { DataTable, tdClasses, thClasses } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { EmptyRows, RowsSkeleton } from '@/components/query-states';
import { shipmentStatusTone } from '@/components/status-badges';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDateTime, formatKg, formatMoney, packageIdsOf } from '@/lib/format';
import { type StaffShipmentFilter, useStaffShipments } from '../api/get-staff-shipments';
import { DispatchModal } from '../components/dispatch-modal';

const VIEWS: { value: StaffShipmentFilter; label: string }[] = [
  { value: 'awaiting-dispatch', label: 'Awaiting dispatch' },
  { value: 'Shipped', label: 'Shipped' },
  { value: 'Delivered', label: 'Delivered' },
  { value: 'all', label: 'All' },
];

/** /staff/dispatch: paid shipments to put on a flight, then Shipped and Delivered ones. */
export default function DispatchPage() {
  const [view, setView] = useState<StaffShipmentFilter>('awaiting-dispatch');
  const [open, setOpen] = useState<StaffShipment | null>(null);
  const shipments = useStaffShipments(view);
  // "All" includes unpaid drafts and consolidations; only paid shipments can be dispatched.
  const rows = (shipments.data ?? []).filter((s) => view !== 'all' || s.paymentStatus === 'Paid');

  return (
    <>
      <PageHeader
        tabTitle="Dispatch"
        title="Dispatch"
        description="Paid shipments waiting to leave: enter the AWB and move them through Processed, Shipped and Delivered."
      />
      <div
        role="group"
        aria-label="Show shipments"
        className="mb-5 inline-flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1"
      >
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={view === v.value}
            onClick={() => setView(v.value)}
            className={cn(
              'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors',
              view === v.value ? 'bg-accent-soft text-accent-fg' : 'text-muted hover:bg-subtle hover:text-fg',
            )}
          >
            {v.label}
          </button>
        ))}
      </div>
      <Card>
        {shipments.isPending ? (
          <RowsSkeleton />
        ) : shipments.isError ? (
          <div className="p-5">
            <LoadError message={errorMessage(shipments.error)} onRetry={() => shipments.refetch()} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyRows
            icon={PlaneTakeoff}
            title={
              view === 'awaiting-dispatch'
                ? 'Nothing waiting to be dispatched'
                : `No ${view === 'all' ? 'paid' : view.toLowerCase()} shipments`
            }
            description="Shipments appear here once the customer has paid for them."
          />
        ) : (
          <DataTable label="Shipments" aria-busy={shipments.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col" className={thClasses}>
                  Shipment
                </th>
                <th scope="col" className={thClasses}>
                  Customer
                </th>
                <th scope="col" className={`${thClasses} hidden @3xl:table-cell`}>
                  Route
                </th>
                <th scope="col" className={`${thClasses} hidden @4xl:table-cell`}>
                  Weight
                </th>
                <th scope="col" className={`${thClasses} hidden @5xl:table-cell`}>
                  Paid
                </th>
                <th scope="col" className={thClasses}>
                  Status
                </th>
                <th scope="col" className={`${thClasses} hidden @2xl:table-cell`}>
                  AWB
                </th>
                <th scope="col" className={`${thClasses} hidden @4xl:table-cell`}>
                  Processing date
                </th>
                <th scope="col" className={thClasses}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => {
                const count = packageIdsOf(s.packageIds).length;
                const done = s.shipmentStatus === 'Delivered';
                return (
                  <tr key={s.id} className="hover:bg-subtle/50">
                    <td className={tdClasses}>
                      <span className="block font-mono font-medium whitespace-nowrap">{s.shipmentId}</span>
                      <span className="block text-xs whitespace-nowrap text-muted">
                        {count} package{count === 1 ? '' : 's'}
                      </span>
                    </td>
                    <td className={tdClasses}>
                      <span className="block max-w-44 truncate">{s.customerName}</span>
                      <span className="block font-mono text-xs text-muted">{s.lockerNumber}</span>
                    </td>
                    <td className={`${tdClasses} hidden max-w-56 @3xl:table-cell`}>
                      <span className="block truncate">{s.origin}</span>
                      <span className="block truncate text-xs text-muted">→ {s.destination}</span>
                    </td>
                    <td className={`${tdClasses} hidden whitespace-nowrap tabular-nums @4xl:table-cell`}>{formatKg(s.totalWeight)}</td>
                    <td className={`${tdClasses} hidden whitespace-nowrap tabular-nums @5xl:table-cell`}>
                      {s.amount === null ? 'N/A' : formatMoney(s.amount, s.currency)}
                    </td>
                    <td className={tdClasses}>
                      <Badge tone={shipmentStatusTone(s.shipmentStatus)} dot>
                        {s.shipmentStatus}
                      </Badge>
                    </td>
                    <td className={`${tdClasses} hidden font-mono whitespace-nowrap @2xl:table-cell`}>
                      {s.awb ?? <span className="text-muted">—</span>}
                    </td>
                    <td className={`${tdClasses} hidden whitespace-nowrap @4xl:table-cell`}>
                      {s.processingDate ? formatDateTime(s.processingDate) : '—'}
                    </td>
                    <td className={`${tdClasses} text-right`}>
                      <button
                        type="button"
                        onClick={() => setOpen(s)}
                        aria-label={`${done ? 'Open' : 'Dispatch'} ${s.shipmentId}`}
                        className={buttonClasses(done ? 'secondary' : 'primary', 'sm')}
                      >
                        {done ? 'Open' : 'Dispatch'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </Card>
      <DispatchModal shipment={open} onClose={() => setOpen(null)} />
    </>
  );
}

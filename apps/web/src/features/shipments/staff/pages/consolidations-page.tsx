import type { StaffShipment } from '@hopbox/contracts/shipments';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { useStaffShipments } from '../api/get-staff-shipments';
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

/** /staff/consolidations: consolidated shipments not yet paid, to pack and mark Ready to Ship. */
export default function ConsolidationsPage() {
  const [view, setView] = useState<View>('open');
  const [history, setHistory] = useState<StaffShipment | null>(null);
  const shipments = useStaffShipments('consolidating');
  const all = shipments.data ?? [];
  const rows = all.filter((s) => inView(s, view));
  const count = (v: View) => all.filter((s) => inView(s, v)).length;

  return (
    <>
      <PageHeader
        tabTitle="Consolidations"
        title="Consolidations"
        description="Customers' multi-package shipments waiting to be packed. Set Ready to Ship when the box is done: the customer can then pay."
      />
      <div
        role="group"
        aria-label="Show consolidations"
        className="mb-5 inline-flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1"
      >
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={view === v.value}
            onClick={() => setView(v.value)}
            className={cn(
              'inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
              view === v.value ? 'bg-accent-soft text-accent-fg' : 'text-muted hover:bg-subtle hover:text-fg',
            )}
          >
            {v.label}
            {shipments.data && <span className="rounded-full bg-subtle px-1.5 text-xs tabular-nums text-muted">{count(v.value)}</span>}
          </button>
        ))}
      </div>
      {shipments.isPending ? (
        <div className="grid gap-4 xl:grid-cols-2" aria-busy="true">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : shipments.isError ? (
        <LoadError message={errorMessage(shipments.error)} onRetry={() => shipments.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={view === 'Completed' ? 'No completed consolidations waiting' : 'No consolidations to pack'}
          description="When a customer combines packages into one shipment, it appears here until it is paid."
        />
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {rows.map((s) => (
            <li key={s.id} className="min-w-0">
              <ConsolidationCard shipment={s} onHistory={() => setHistory(s)} />
            </li>
          ))}
        </ul>
      )}
      <ShipmentHistoryModal shipment={history} onClose={() => setHistory(null)} />
    </>
  );
}

import { cn } from '@/lib/cn';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** SPEC.md's Sent Shipments colours: Finalized indigo, Processed blue, Shipped amber, Delivered green, Pending grey. */
const SHIPMENT_STATUS_COLOURS: Record<string, string> = {
  Finalized: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20 dark:bg-indigo-400/10 dark:text-indigo-300 dark:ring-indigo-400/25',
  Processed: 'bg-blue-50 text-blue-800 ring-blue-600/20 dark:bg-blue-400/10 dark:text-blue-300 dark:ring-blue-400/25',
  Shipped: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/25',
  Delivered: 'bg-green-50 text-green-800 ring-green-600/20 dark:bg-green-400/10 dark:text-green-300 dark:ring-green-400/25',
};
const GREY = 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-400/10 dark:text-slate-300 dark:ring-slate-400/25';

const DOTS: Record<string, string> = {
  Finalized: 'bg-indigo-500',
  Processed: 'bg-blue-500',
  Shipped: 'bg-amber-500',
  Delivered: 'bg-green-500',
};

export function ShipmentStatusBadge({ status }: { status: string }) {
  return (
    <span className={cn(pill, SHIPMENT_STATUS_COLOURS[status] ?? GREY)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOTS[status] ?? 'bg-slate-400')} />
      {status}
    </span>
  );
}

/** Consolidation status: Pending grey, In Progress blue, Completed green. */
const CONSOLIDATION_COLOURS: Record<string, string> = {
  'In Progress': SHIPMENT_STATUS_COLOURS.Processed as string,
  Completed: SHIPMENT_STATUS_COLOURS.Delivered as string,
};

export function ConsolidationStatusBadge({ status }: { status: string }) {
  return <span className={cn(pill, CONSOLIDATION_COLOURS[status] ?? GREY)}>{status}</span>;
}

/** Ready to Ship as SPEC.md's Yes/No. */
export function ReadyBadge({ ready }: { ready: boolean }) {
  return (
    <span className={cn(pill, ready ? SHIPMENT_STATUS_COLOURS.Delivered : GREY)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', ready ? 'bg-green-500' : 'bg-slate-400')} />
      {ready ? 'Yes' : 'No'}
    </span>
  );
}

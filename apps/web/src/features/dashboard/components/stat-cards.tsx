import type { DashboardSummary } from '@hopbox/contracts/dashboard';
import { Camera, type LucideIcon, PackageOpen, Send, TrendingDown, TrendingUp, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { useDashboardSummary } from '../api/get-dashboard-summary';

interface StatDefinition {
  key: keyof DashboardSummary;
  label: string;
  icon: LucideIcon;
  to: string;
  /** SPEC.md: the percent change 'from last month' is a fixed figure. */
  change: number;
}

const STATS: readonly StatDefinition[] = [
  { key: 'receivedPackages', label: 'Received Packages', icon: PackageOpen, to: '/received-packages', change: 12.5 },
  { key: 'shipmentsInProgress', label: 'Shipments in Progress', icon: Truck, to: '/shipments-progress', change: 4.2 },
  { key: 'sentShipments', label: 'Sent Shipments', icon: Send, to: '/sent-shipment', change: 18.7 },
  { key: 'photoRequests', label: 'Photo Requests', icon: Camera, to: '/photo-requests', change: -3.1 },
];

export function StatCards() {
  const summary = useDashboardSummary();
  return (
    <section aria-label="Summary" className="space-y-3">
      {summary.isError && <LoadError message={errorMessage(summary.error)} onRetry={() => summary.refetch()} />}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {STATS.map(({ key, label, icon: Icon, to, change }) => {
          const up = change >= 0;
          const Trend = up ? TrendingUp : TrendingDown;
          return (
            <li key={key}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-xl border border-line bg-surface p-4 shadow-xs transition-colors hover:border-line-strong sm:p-5"
              >
                <div className="flex min-h-10 items-start justify-between gap-2">
                  <p className="text-sm leading-5 font-medium text-muted">{label}</p>
                  <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-fg sm:flex">
                    <Icon className="size-[18px]" aria-hidden="true" />
                  </span>
                </div>
                <div className="mt-2 h-9">
                  {summary.isPending ? (
                    <Skeleton className="h-8 w-16" />
                  ) : (
                    <p className="text-3xl font-semibold tracking-tight text-fg tabular-nums">{summary.data?.[key] ?? '—'}</p>
                  )}
                </div>
                <p className="mt-auto flex flex-wrap items-center gap-x-1.5 pt-3 text-xs text-muted">
                  <span className={cn('inline-flex items-center gap-1 font-medium', up ? 'text-success' : 'text-danger')}>
                    <Trend className="size-3.5" aria-hidden="true" />
                    {up ? '+' : '−'}
                    {Math.abs(change)}%
                  </span>
                  from last month
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryLoadError } from '@/components/load-error';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';

const TILE = 'group flex h-full flex-col rounded-xl border border-line bg-surface shadow-xs transition-colors hover:border-line-strong';
const ICON = 'size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-fg';

/** A named row of figures, with the load error of the query that feeds them above it. */
export function StatSummary({
  label,
  query,
  children,
}: {
  label: string;
  query: Parameters<typeof QueryLoadError>[0]['query'];
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="space-y-3">
      <QueryLoadError query={query} />
      {children}
    </section>
  );
}

/** A number on a card that links to its screen: the label and icon, the value (or a skeleton), and a footer line. */
export function StatTile({
  to,
  label,
  icon: Icon,
  value,
  loading,
  footer,
  compact = false,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  value: ReactNode;
  loading: boolean;
  footer: ReactNode;
  /** Less padding, and no icon, on phones (a grid of two). */
  compact?: boolean;
}) {
  return (
    <li>
      <Link to={to} className={cn(TILE, compact ? 'p-4 sm:p-5' : 'p-5')}>
        <div className="flex min-h-10 items-start justify-between gap-2">
          <p className="text-sm leading-5 font-medium text-muted">{label}</p>
          <span className={cn(ICON, compact ? 'hidden sm:flex' : 'flex')}>
            <Icon className="size-[18px]" aria-hidden="true" />
          </span>
        </div>
        <div className="mt-2 h-9">
          {loading ? (
            <Skeleton className="h-8 w-14" />
          ) : (
            <p className="text-3xl font-semibold tracking-tight text-fg tabular-nums">{value ?? '—'}</p>
          )}
        </div>
        <p className="mt-auto flex flex-wrap items-center gap-x-1.5 gap-y-1 pt-3 text-xs text-muted">{footer}</p>
      </Link>
    </li>
  );
}

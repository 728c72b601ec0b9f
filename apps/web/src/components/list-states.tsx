import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { EmptyState, type EmptyStateProps } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';

/** What a list needs to know of its query (TanStack Query's result has it all). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/** Grey rows standing in for a list that is loading. */
export function RowsSkeleton({ rows = 5, className }: { rows?: number; className?: string }) {
  return (
    <div className={cn('space-y-3 p-5', className)} aria-busy="true">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}

/**
 * The states every list goes through, in one place: loading, failed (with a retry), empty, and the
 * list itself, with an alert above it when a refresh failed but the last answer is still shown.
 * `inCard`: the list sits in a card that frames it (filters above), so the states are padded rows
 * rather than cards of their own.
 */
export function ListStates({
  query,
  isEmpty,
  empty,
  errorText,
  loading,
  inCard = false,
  className,
  children,
}: {
  query: ListQuery;
  /** The list has nothing at all (not: a search found nothing, which the list shows itself). */
  isEmpty: boolean;
  empty?: Omit<EmptyStateProps, 'variant'>;
  /** SPEC.md's message for this list; otherwise the error's own. */
  errorText?: string;
  /** What stands in while loading; `null` leaves it to the list (a table with skeleton rows). */
  loading?: ReactNode;
  inCard?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hasData = query.data !== undefined;
  const message = errorText ?? errorMessage(query.error);
  if (query.isPending && !hasData && loading !== null) return loading ?? <RowsSkeleton />;
  if (query.isError && !hasData) {
    return (
      <div className={cn(inCard && 'p-4 sm:p-5')}>
        <LoadError message={message} onRetry={() => query.refetch()} className={className} />
      </div>
    );
  }
  if (isEmpty && empty) return <EmptyState {...empty} variant={inCard ? 'rows' : 'page'} />;
  return (
    <>
      {query.isError && (
        <div className={cn(inCard ? 'px-4 pt-4 sm:px-5' : 'mb-4')}>
          <Alert tone="error">{message}</Alert>
        </div>
      )}
      {children}
    </>
  );
}

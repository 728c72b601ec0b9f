import { PAGE_SIZE_OPTIONS } from '@hopbox/contracts/constants';
import { groupThousands } from '@hopbox/contracts/written-format';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/** Page numbers to show: the first, the last, and the current one with a neighbour each side; gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  if (page <= 3) for (const p of [2, 3, 4]) pages.add(p);
  if (page >= pageCount - 2) for (const p of [pageCount - 3, pageCount - 2, pageCount - 1]) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (LIST_COUNT_CAP): there are more, and Next stays on while a page is full. */
  totalCapped?: boolean;
  /** With a capped count: how many rows this page holds (a page not full is the last). */
  pageRows?: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** SPEC.md's generic pager offers 10, 20, 50 and 100. */
  pageSizeOptions?: readonly number[];
  /** What the pager pages through, for its accessible name, e.g. "Packages". */
  label: string;
  className?: string;
}

const pageButton =
  'touch-target relative inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The generic pager: "Showing 11–20 of 25", rows per page, previous and next, and page numbers
 * (on wider screens). Pages are 1-based.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  pageRows,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  label,
  className,
}: PaginationProps) {
  const sizeId = useId();
  // Past a capped count the pages go on: the one shown is among them, and the last is not known.
  const pageCount = Math.max(1, Math.ceil(total / pageSize), totalCapped ? page : 1);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = totalCapped ? first + (pageRows ?? pageSize) - 1 : Math.min(total, page * pageSize);
  const lastPageReached = totalCapped && pageRows !== undefined && pageRows < pageSize;
  const counted = totalCapped ? `${groupThousands(String(total))}+` : String(total);
  const more = totalCapped ? '+' : '';

  return (
    <nav aria-label={`${label} pages`} className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-3 text-sm', className)}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-muted">
        <p aria-live="polite">
          Showing <span className="font-medium text-fg tabular-nums">{first}</span>–
          <span className="font-medium text-fg tabular-nums">{last}</span> of{' '}
          <span className="font-medium text-fg tabular-nums">{counted}</span>
        </p>
        {onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>Rows per page</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="h-8 rounded-md border border-line-strong bg-surface pr-7 pl-2 text-sm text-fg shadow-xs focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={cn(pageButton, 'gap-1 text-fg hover:bg-subtle')}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </button>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(page, pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className={cn(pageButton, p === page ? 'bg-accent text-white' : 'text-fg hover:bg-subtle')}
                  onClick={() => onPageChange(p)}
                  aria-label={`Page ${p}`}
                  aria-current={p === page ? 'page' : undefined}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <span className="px-2 text-muted tabular-nums sm:hidden">
          Page {page} of {pageCount}
          {more}
        </span>
        <button
          type="button"
          className={cn(pageButton, 'gap-1 text-fg hover:bg-subtle')}
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount && (!totalCapped || lastPageReached)}
          aria-label="Next page"
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

import {
  createColumnHelper,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useDeferredValue, useId, useMemo, useRef } from 'react';
import { buttonClasses, IconButton } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import type { EmptyStateProps } from '@/components/empty-state';
import { type ListQuery, ListStates } from '@/components/list-states';
import { Pagination, type PaginationProps } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { useOverflowing } from '@/lib/use-overflowing';
import { useWideContainer } from '@/lib/use-wide-container';

/** Container widths from which a column shows; narrower, it hides (its content may move into another cell). */
const SHOW_FROM = {
  '@xl': 'hidden @xl:table-cell',
  '@2xl': 'hidden @2xl:table-cell',
  '@3xl': 'hidden @3xl:table-cell',
  '@4xl': 'hidden @4xl:table-cell',
  '@5xl': 'hidden @5xl:table-cell',
  '@6xl': 'hidden @6xl:table-cell',
  /** Never in the table: a column only the stacked cards show (its table cell says it another way). */
  never: 'hidden',
} as const;

/**
 * Where a column goes in the stacked card of a narrow container: the card's `title` and, beside it,
 * `aside`; then `line`s of text; `field`s (label and value, two a row; `wide-field` takes a row);
 * last a `footer` row with badges on the left and `actions` on the right. No `card`: not in the card.
 */
export type CardSlot = 'title' | 'aside' | 'line' | 'field' | 'wide-field' | 'footer' | 'actions';

export interface Column<T> {
  id: string;
  /** The header; also the label of the column's field in a card. */
  header: ReactNode;
  /** The header is for assistive technology only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Classes of the header and every cell (alignment, width). */
  className?: string;
  /** Classes of the cells only. */
  cellClassName?: string;
  showFrom?: keyof typeof SHOW_FROM;
  card?: CardSlot | { slot: CardSlot; render?: (row: T) => ReactNode; className?: string };
  /** The skeleton's size while loading, e.g. "h-5 w-14 rounded-full". */
  skeleton?: string;
}

export interface RowSelection<T> {
  /** What is selected, by row id, across pages and searches. */
  selected: ReadonlyMap<string, T>;
  onChange: (selected: Map<string, T>) => void;
  /** `single`: ticking a row replaces the selection (and there is no select-all). */
  mode?: 'multi' | 'single';
  /** A row checkbox's accessible name, e.g. "Select HBX1001". */
  rowLabel: (row: T) => string;
  /** The select-all checkbox's accessible name, e.g. "Select all packages on this page". */
  allLabel?: string;
  /** Why a row cannot be selected (its checkbox is disabled and describes it), or null when it can. */
  unselectable?: (row: T) => string | null;
}

/** A cell of two lines: the value and, smaller and muted, what goes with it (a code, an email). */
export function CellLines({
  main,
  sub,
  mainClassName,
  subClassName,
  title,
  truncate,
}: {
  main: ReactNode;
  sub: ReactNode;
  mainClassName?: string;
  subClassName?: string;
  title?: string;
  /** Cut both lines with an ellipsis; a string is their maximum width too (e.g. "max-w-64"). */
  truncate?: boolean | string;
}) {
  const cut = truncate && cn('truncate', typeof truncate === 'string' && truncate);
  return (
    <>
      <span className={cn('block', cut, mainClassName)} title={title}>
        {main}
      </span>
      <span className={cn('block text-xs text-muted', cut, subClassName)}>{sub}</span>
    </>
  );
}

/** An icon button of a row: `label` is its accessible name and its tooltip. */
export function RowAction({ label, ...props }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return <IconButton aria-label={label} title={label} className="size-8 rounded-md" {...props} />;
}

/** The last column of a row's buttons, named "Actions" for assistive technology only. */
export function actionsColumn<T>(cell: (row: T) => ReactNode, extra: Partial<Column<T>> = {}): Column<T> {
  return { id: 'actions', header: 'Actions', hideHeader: true, cellClassName: 'text-right', cell, ...extra };
}

/** A date column: the short date in a `<time>`, muted; on cards it stands small beside the title. */
export function dateColumn<T>(id: string, header: string, dateOf: (row: T) => string): Column<T> {
  const date = (row: T) => <time dateTime={dateOf(row)}>{formatShortDate(dateOf(row))}</time>;
  return {
    id,
    header,
    cell: date,
    cellClassName: 'whitespace-nowrap text-muted',
    skeleton: 'h-4 w-20',
    card: { slot: 'aside', render: (row) => <span className="text-xs text-muted">{date(row)}</span> },
  };
}

/** The row's Open button, which opens its details; `name` is its accessible name (starting with 'Open'). */
export function openColumn<T>(onOpen: (row: T) => void, name: (row: T) => string, extra: Partial<Column<T>> = {}): Column<T> {
  return actionsColumn(
    (row) => (
      <button type="button" onClick={() => onOpen(row)} aria-label={name(row)} className={buttonClasses('secondary', 'sm')}>
        Open
      </button>
    ),
    extra,
  );
}

export const thClasses =
  'border-b border-line bg-subtle/60 px-3 py-2.5 first:pl-4 last:pr-4 text-xs font-medium tracking-wide whitespace-nowrap text-muted uppercase';
export const tdClasses = 'border-b border-line px-3 py-3 first:pl-4 last:pr-4';

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
  disabled,
  description,
  className,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Said after the name by a screen reader, and shown on hover: why it is disabled. */
  description?: string | null;
  className?: string;
}) {
  const descriptionId = useId();
  return (
    // The label is the checkbox's 44 x 44 px touch area (touch-box), drawn the size of the box.
    <label className="touch-box cursor-pointer">
      <input
        type="checkbox"
        className={cn('size-4 rounded border-line-strong accent-accent focus-visible:outline-2 focus-visible:outline-offset-2', className)}
        checked={checked}
        disabled={disabled}
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
        title={description ?? undefined}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      {description && (
        <span id={descriptionId} className="sr-only">
          {description}
        </span>
      )}
    </label>
  );
}

/** A row's checkbox: disabled, with the reason, when the row cannot be selected. */
function RowCheckbox<T>({
  row,
  selection,
}: {
  row: { original: unknown; getIsSelected: () => boolean; toggleSelected: (value?: boolean) => void };
  selection: RowSelection<T>;
}) {
  const item = row.original as T;
  const reason = selection.unselectable?.(item) ?? null;
  return (
    <Checkbox
      checked={row.getIsSelected()}
      label={selection.rowLabel(item)}
      disabled={reason !== null}
      description={reason}
      onChange={(checked) => row.toggleSelected(checked)}
    />
  );
}

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, RowData>();
const NO_ROWS: RowData[] = [];

/**
 * The actions column stays in view at the right edge while a table wider than its container scrolls
 * sideways (a phone's console, or all of SPEC.md's columns beside a sidebar), over the row's own colour
 * (--row-tint on the row) so it never looks cut, behind a line and a shadow that say more columns pass under it
 * (the line shows on the dark theme, where a shadow does not). The region says when it overflows (`data-overflowing`).
 */
const STICKY_ACTIONS =
  'group-data-[overflowing=true]/region:sticky group-data-[overflowing=true]/region:right-0 group-data-[overflowing=true]/region:z-[1] group-data-[overflowing=true]/region:shadow-[-10px_0_10px_-10px_rgb(0_0_0/0.25)] group-data-[overflowing=true]/region:bg-surface group-data-[overflowing=true]/region:before:absolute group-data-[overflowing=true]/region:before:inset-y-0 group-data-[overflowing=true]/region:before:left-0 group-data-[overflowing=true]/region:before:w-px group-data-[overflowing=true]/region:before:bg-line-strong';
const stickyCell = `${STICKY_ACTIONS} group-data-[overflowing=true]/region:bg-[linear-gradient(var(--row-tint),var(--row-tint))]`;
const stickyHeader = `${STICKY_ACTIONS} group-data-[overflowing=true]/region:bg-[linear-gradient(color-mix(in_srgb,var(--subtle)_60%,transparent),color-mix(in_srgb,var(--subtle)_60%,transparent))]`;
const ROW_TINT = {
  selected: '[--row-tint:color-mix(in_srgb,var(--accent-soft)_60%,transparent)] bg-accent-soft/60',
  plain: '[--row-tint:transparent] hover:[--row-tint:color-mix(in_srgb,var(--subtle)_50%,transparent)] hover:bg-subtle/50',
};

/** Controls inside a card that do their own thing: a tap on them does not also toggle the card's selection. */
const OWN_CONTROLS = 'a, button, input, label, select, textarea, summary, [role="button"], [role="menuitem"]';

/**
 * The list's pager, for a page that pages something other than a table (the console's consolidation cards). Taken
 * from here it stays in the table's file: imported on its own, the bundler gives it a file of its own that every list
 * page of the portal then loads beside the table's.
 */
export { Pagination };

/** With `cards`, a container narrower than this (Tailwind's `@3xl`, in rem) shows cards instead of the table. */
const TABLE_FROM_REM = 48;

/**
 * The table's sideways-scrolling region. `relative`: visually hidden header names (absolutely positioned) stay inside
 * it instead of widening the page when the table is wider than its container.
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-overflowing={overflowing}
      className="group/region relative overflow-x-auto"
    >
      {children}
    </div>
  );
}

/**
 * The list's size container. With `cards` it says which layout its width calls for, a table or stacked cards
 * (null before its first measure, which comes before the browser paints), and the list renders only that one: both,
 * one hidden by CSS, cost every list's first render twice (decision 084). Without, always the table.
 */
function SizedContainer({
  cards,
  className,
  children,
}: {
  cards: boolean;
  className?: string;
  children: (layout: 'table' | 'cards' | null) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const wide = useWideContainer(ref, TABLE_FROM_REM, cards);
  return (
    <div ref={ref} className={cn('@container', className)}>
      {children(!cards || wide ? 'table' : wide === false ? 'cards' : null)}
    </div>
  );
}

const slotOf = <T,>(column: Column<T>) => (typeof column.card === 'string' ? column.card : column.card?.slot);

/**
 * The one list of the portal and the console: a `<table>` when its container is wide and, with
 * `cards`, stacked cards derived from the same columns when it is narrow (container queries, so a
 * sidebar's width counts). TanStack Table keeps the rows and the selection; this component owns the
 * markup. `rows` undefined shows skeleton rows; `refreshing` dims the shown page while the next loads.
 */
export function DataTable<T>({
  label,
  columns,
  rows: givenRows,
  rowId = (row) => (row as { id: string | number }).id,
  selection,
  cards = false,
  refreshing = false,
  empty,
  footer,
  pager,
  minWidth,
  skeletonRows = 6,
  query,
  emptyState,
  errorText,
  className,
}: {
  /** The table's caption and the scroll region's and card list's name. */
  label: string;
  columns: Column<T>[];
  /** The rows; undefined while they load. Without it, the `query`'s data when that is a list. */
  rows?: T[];
  /** A row's unique id; the row's `id` by default. */
  rowId?: (row: T) => string | number;
  selection?: RowSelection<T>;
  cards?: boolean;
  refreshing?: boolean;
  /** Shown in place of the table when there are no rows (a search that found nothing). */
  empty?: ReactNode;
  /** Rows of a `<tfoot>` (totals). */
  footer?: ReactNode;
  /** The pager under the list. */
  pager?: PaginationProps;
  /** A minimum width for the wide table, e.g. "min-w-[52rem]" (it scrolls sideways in its region). */
  minWidth?: string;
  skeletonRows?: number;
  /** The query behind the rows: a failed load shows its error and a retry instead of the table. */
  query?: ListQuery;
  /** What shows when the list has no rows at all. */
  emptyState?: Omit<EmptyStateProps, 'variant'>;
  /** SPEC.md's message when the query fails; otherwise the error's own. */
  errorText?: string;
  className?: string;
}) {
  // The rows as they were until React has rendered the new ones in a transition, in slices between which the browser
  // can paint and answer input: data arriving from the data cache renders at once, in one task (decision 088).
  const rows = useDeferredValue(givenRows ?? (Array.isArray(query?.data) ? (query.data as T[]) : undefined));
  const loading = rows === undefined;
  const idOf = (row: T) => String(rowId(row));
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  // TanStack keeps the rows and the selection; the cells and headers are rendered from `columns` below.
  const defs = useMemo(() => columns.map((c) => helper.display({ id: c.id })), [columns]);

  const rowSelection: RowSelectionState = {};
  for (const row of rows ?? []) if (selection?.selected.has(idOf(row))) rowSelection[idOf(row)] = true;
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    if (!selection) return;
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const out = selection.mode === 'single' ? new Map<string, T>() : new Map(selection.selected);
    for (const row of rows ?? []) {
      if (next[idOf(row)]) out.set(idOf(row), row);
      else out.delete(idOf(row));
    }
    selection.onChange(out);
  };

  const table = useTable({
    features,
    columns: defs,
    data: (rows ?? NO_ROWS) as RowData[],
    getRowId: (row) => idOf(row as T),
    state: { rowSelection },
    onRowSelectionChange,
    enableRowSelection: (row) => selection !== undefined && !selection.unselectable?.(row.original as T),
    enableMultiRowSelection: selection?.mode !== 'single',
  });
  const tableRows = table.getRowModel().rows;
  const multi = selection !== undefined && selection.mode !== 'single';
  const selectAll = multi && (
    <Checkbox
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      disabled={loading || !tableRows.some((row) => row.getCanSelect())}
      label={selection.allLabel ?? 'Select all on this page'}
      onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
    />
  );
  const cellClass = (column: Column<T>) => cn(column.className, column.showFrom && SHOW_FROM[column.showFrom]);
  // Built only when shown (decision 084): building the elements calls every cell.
  const wide = () => (
    <ScrollRegion label={label}>
      <table className={cn('w-full min-w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={cn(thClasses, 'w-10')}>
                {selectAll || <span className="sr-only">Select</span>}
              </th>
            )}
            {table.getHeaderGroups()[0]?.headers.map((header) => {
              const column = byId.get(header.column.id) as Column<T>;
              return (
                <th key={header.id} scope="col" className={cn(thClasses, cellClass(column), column.id === 'actions' && stickyHeader)}>
                  {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i}>
                  {selection && (
                    <td className={tdClasses}>
                      <Skeleton className="size-4" />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.id} className={cn(tdClasses, cellClass(column))}>
                      <Skeleton className={column.skeleton ?? 'h-4 w-24'} />
                    </td>
                  ))}
                </tr>
              ))
            : tableRows.map((row) => (
                <tr key={row.id} className={cn('transition-colors', row.getIsSelected() ? ROW_TINT.selected : ROW_TINT.plain)}>
                  {selection && (
                    <td className={tdClasses}>
                      <RowCheckbox row={row} selection={selection} />
                    </td>
                  )}
                  {row.getAllCells().map((cell) => {
                    const column = byId.get(cell.column.id) as Column<T>;
                    return (
                      <td
                        key={cell.id}
                        className={cn(tdClasses, cellClass(column), column.cellClassName, column.id === 'actions' && stickyCell)}
                      >
                        {/* Called, not rendered through FlexRender: a column list rebuilt on each render would
                            otherwise be new component types and remount every cell (losing focus). */}
                        {column.cell(row.original as T)}
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </ScrollRegion>
  );

  const cardSlot = (row: T, slot: CardSlot) =>
    columns
      .filter((column) => slotOf(column) === slot)
      .map((column) => {
        const card = typeof column.card === 'object' ? column.card : undefined;
        const content = (card?.render ?? column.cell)(row);
        if (slot === 'field' || slot === 'wide-field') {
          return (
            <DetailItem key={column.id} label={column.header} className={cn(slot === 'wide-field' && 'col-span-2', card?.className)}>
              {content}
            </DetailItem>
          );
        }
        if (slot === 'line') {
          return (
            <p key={column.id} className={cn('mt-1 text-sm text-fg', card?.className)}>
              {content}
            </p>
          );
        }
        return <span key={column.id}>{content}</span>;
      });

  const narrow = () => (
    <div>
      {selectAll && (
        <div className="flex items-center gap-3 border-b border-line bg-subtle/60 px-4 py-2.5 text-sm font-medium text-muted">
          {selectAll}
          <span aria-hidden="true">Select all on this page</span>
        </div>
      )}
      <ul className="divide-y divide-line" aria-label={label}>
        {loading
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="space-y-2.5 px-4 py-4">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-4 w-36" />
              </li>
            ))
          : tableRows.map((row) => {
              const item = row.original as T;
              const fields = [...cardSlot(item, 'wide-field'), ...cardSlot(item, 'field')];
              const footerItems = cardSlot(item, 'footer');
              const actions = cardSlot(item, 'actions');
              const tappable = selection !== undefined && row.getCanSelect();
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the card's checkbox is the keyboard's way to select it
                <li
                  key={row.id}
                  className={cn('flex gap-3 px-4 py-4', row.getIsSelected() && 'bg-accent-soft/60', tappable && 'cursor-pointer')}
                  // A tap anywhere on a selectable card toggles it, as its checkbox does (which stays the
                  // keyboard's way); a tap on a button or link inside the card only does that control's job.
                  onClick={
                    tappable
                      ? (event) => {
                          if (!(event.target as Element).closest(OWN_CONTROLS)) row.toggleSelected();
                        }
                      : undefined
                  }
                >
                  {selection && (
                    <div className="pt-0.5">
                      <RowCheckbox row={row} selection={selection} />
                    </div>
                  )}
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <p className="font-semibold tracking-wide text-fg">{cardSlot(item, 'title')}</p>
                      {cardSlot(item, 'aside')}
                    </div>
                    {cardSlot(item, 'line')}
                    {fields.length > 0 && <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">{fields}</dl>}
                    {(footerItems.length > 0 || actions.length > 0) && (
                      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                        <div className="flex flex-wrap items-center gap-1.5">{footerItems}</div>
                        {actions}
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
      </ul>
    </div>
  );

  const list = (
    <SizedContainer cards={cards} className={className}>
      {(layout) => (
        <>
          {!loading && rows.length === 0 && empty ? (
            empty
          ) : (
            <div className={cn('transition-opacity', refreshing && 'opacity-60')} aria-busy={loading || refreshing || undefined}>
              {layout === 'table' ? wide() : layout === 'cards' && narrow()}
            </div>
          )}
          {pager && <Pagination {...pager} className={cn('border-t border-line px-4 py-3 sm:px-5', pager.className)} />}
        </>
      )}
    </SizedContainer>
  );

  if (!query) return list;
  return (
    <ListStates query={query} isEmpty={rows?.length === 0} empty={emptyState} errorText={errorText} loading={null} inCard>
      {list}
    </ListStates>
  );
}

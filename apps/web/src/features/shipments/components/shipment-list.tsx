import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { type ReactNode, useEffect } from 'react';
import { Card } from '@/components/card';
import { type Column, DataTable, type RowSelection } from '@/components/data-table';
import type { EmptyStateProps } from '@/components/empty-state';
import { type ListQuery, ListStates } from '@/components/list-states';
import { ListToolbar } from '@/components/list-toolbar';
import { Skeleton } from '@/components/skeleton';
import { formatWeight, packageIdsOf } from '@/lib/format';
import { searchAndPage } from '@/lib/list-params';
import { toast } from '@/lib/toast';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { PackageIdList } from './table-parts';

/** The columns both shipment lists start with: the shipment, its locker and customer, its packages and weight. */
export function leadingShipmentColumns<T>(get: {
  id: (s: T) => string;
  locker: (s: T) => string;
  customer: (s: T) => string;
  packageIds: (s: T) => string | null;
  weight: (s: T) => number | null;
}): Column<T>[] {
  return [
    { id: 'id', header: 'Shipment ID', cellClassName: 'font-medium whitespace-nowrap', cell: get.id, card: 'title' },
    { id: 'locker', header: 'Locker', cellClassName: 'whitespace-nowrap', cell: get.locker, card: 'field' },
    { id: 'customer', header: 'Customer', cellClassName: 'min-w-20', cell: get.customer, card: 'field' },
    {
      id: 'packages',
      header: 'Shipments',
      cellClassName: 'min-w-20',
      cell: (s) => <PackageIdList ids={packageIdsOf(get.packageIds(s))} />,
      card: 'wide-field',
    },
    {
      id: 'weight',
      header: 'Total Weight',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (s) => formatWeight(get.weight(s)),
      card: 'field',
    },
  ];
}

/** The view of a shipment list in the address: its search and page; the portal's shipment lists are 10 a page (SPEC.md). */
export const useShipmentListParams = () => useListParams({ pageSizes: [PAGE_SIZE] });
type ShipmentListParams = ReturnType<typeof useShipmentListParams>;

/** What a shipment list shows: the page's rows, which page, and how many rows the whole (searched) list has. */
export interface ShipmentListView<T> {
  rows: T[];
  page: number;
  total: number;
}

/** Shipments Progress' view: the whole list from the API, searched and paged in the browser. */
export function searchedInBrowser<T>(rows: T[] | undefined, list: ShipmentListParams, searchText: (row: T) => string) {
  return rows && searchAndPage(rows, list, searchText);
}

/**
 * A customer's shipments as the portal lists them (Shipments Progress, Sent Shipments): the page `view` holds, with
 * the search and pager of `list` (the view lives in the address). `refreshing` dims the page while the next one
 * loads. A failed load also shows SPEC.md's toast.
 */
export function ShipmentList<T extends { id: number }>({
  query,
  list,
  view,
  isEmpty,
  refreshing = false,
  label,
  pagerLabel,
  columns,
  placeholder,
  errorText,
  empty,
  toolbarEnd,
  selection,
}: {
  query: ListQuery;
  list: ShipmentListParams;
  view: ShipmentListView<T> | undefined;
  /** The customer has none of these shipments at all (not: none match the search). */
  isEmpty: boolean;
  refreshing?: boolean;
  label: string;
  pagerLabel: string;
  columns: Column<T>[];
  placeholder: string;
  errorText: string;
  empty: Omit<EmptyStateProps, 'variant'>;
  toolbarEnd: ReactNode;
  selection?: RowSelection<T>;
}) {
  // Shipments leave a list (paid, or delivered away): never stay on a page past its end.
  useClampPage(list, refreshing ? undefined : view?.total);

  useEffect(() => {
    if (query.isError) toast.error(errorText, { id: errorText });
  }, [query.isError, errorText]);

  return (
    <ListStates
      query={query}
      isEmpty={isEmpty}
      errorText={errorText}
      loading={
        <Card className="space-y-3 p-5" aria-busy="true" aria-label="Loading shipments">
          <Skeleton className="h-10 w-full max-w-sm" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      }
      empty={empty}
    >
      <Card>
        <ListToolbar list={list} label="Search shipments" placeholder={placeholder}>
          {toolbarEnd}
        </ListToolbar>
        <DataTable
          label={label}
          columns={columns}
          rows={view?.rows}
          cards
          selection={selection}
          refreshing={refreshing}
          empty={<p className="px-5 py-12 text-center text-sm text-muted">No shipments match your search.</p>}
          pager={
            view && view.total > list.pageSize
              ? { label: pagerLabel, page: view.page, pageSize: list.pageSize, total: view.total, onPageChange: list.setPage }
              : undefined
          }
        />
      </Card>
    </ListStates>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';

/** The list's page and page size in the address, and how to change them (`useListParams`). */
interface PagedList {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/**
 * A DataTable's rows, states and pager for one page of a list the server pages (`{ data, total }`):
 * the shown page dims while the next one loads, and the pager follows the address.
 */
export function serverPageTable<T>(
  query: UseQueryResult<{ data: T[]; total: number; totalCapped?: boolean }>,
  list: PagedList,
  label: string,
) {
  const { page, pageSize, setPage, setPageSize } = list;
  return {
    rows: query.data?.data,
    refreshing: query.isPlaceholderData,
    query,
    pager: query.data && {
      label,
      page,
      pageSize,
      total: query.data.total,
      totalCapped: query.data.totalCapped,
      pageRows: query.data.data.length,
      onPageChange: setPage,
      onPageSizeChange: setPageSize,
    },
  };
}

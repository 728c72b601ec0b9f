import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { useDeferredValue, useMemo, useState } from 'react';

/**
 * Client-side search and paging of a list the API answers whole (SPEC.md: search field, 10 rows a
 * page). A new search goes back to page 1; a page past the end (after rows left) shows the last.
 */
export function useTableView<T>(rows: T[] | undefined, searchText: (row: T) => string, pageSize = PAGE_SIZE) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(query);

  const filtered = useMemo(() => {
    const all = rows ?? [];
    const terms = deferred.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length === 0) return all;
    return all.filter((row) => {
      const text = searchText(row).toLowerCase();
      return terms.every((t) => text.includes(t));
    });
  }, [rows, deferred, searchText]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pageCount);
  const pageRows = filtered.slice((current - 1) * pageSize, current * pageSize);

  return {
    query,
    setQuery: (value: string) => {
      setQuery(value);
      setPage(1);
    },
    page: current,
    setPage,
    pageSize,
    pageCount,
    total: filtered.length,
    rows: pageRows,
  };
}

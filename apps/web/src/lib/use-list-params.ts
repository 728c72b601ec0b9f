import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { type ListParamsChange, type ListParamsConfig, pageCountOf, parseListParams, serializeListParams } from './list-params';

export interface UseListParamsOptions<F extends string> extends ListParamsConfig<F> {
  /** How long typing pauses before the search reaches the address (and the query); 300 ms by default. */
  debounceMs?: number;
}

/**
 * A list's search, page, page size and filters, kept in the address so a reload or a shared link
 * shows the same view. Typing replaces the history entry (debounced); a page, page size or filter
 * change adds one, so Back goes to the previous view. Rules of the address: `list-params.ts`.
 */
export function useListParams<F extends string = never>(options: UseListParamsOptions<F> = {}) {
  const { debounceMs = 300, ...config } = options;
  const [params, setParams] = useSearchParams();
  // The options are literals in the pages; their content, not their identity, is what matters.
  const configKey = JSON.stringify(config);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content
  const stableConfig = useMemo(() => config, [configKey]);
  const view = useMemo(() => parseListParams(params, stableConfig), [params, stableConfig]);

  const update = useCallback(
    (change: ListParamsChange<F>, replace = false) =>
      setParams((current) => serializeListParams(current, change, stableConfig), { replace }),
    [setParams, stableConfig],
  );

  // A search typed just before a click elsewhere must not write itself into the page being left: that
  // write is a navigation of its own, and it would cancel the one under way (the customer stays put).
  const leaving = useLeavingPage();
  const [search, setSearchText] = useTypedParam(view.q, (q) => leaving.current || update({ q }, true), debounceMs);

  return {
    ...view,
    /** What the search box shows (the address gets it once typing pauses). */
    search,
    setSearch: setSearchText,
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize }),
    setFilter: (name: F, value: string) => update({ filters: { [name]: value } as Partial<Record<F, string>> }),
    /** Clears the search and the filters (the "show all" of an empty result). */
    reset: () => {
      setSearchText('');
      update({ q: '', filters: { ...(stableConfig.filters ?? {}) } as Partial<Record<F, string>> });
    },
    update,
  };
}

/** Whether a navigation to another page is under way (its chunks load while this page still shows), as a ref for timers. */
function useLeavingPage() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.location !== undefined && navigation.location.pathname !== pathname;
  return leaving;
}

/**
 * A text box whose value lives in the address: the box answers every key at once, the address
 * follows once typing pauses (replacing the history entry), and a change of the address by itself
 * (Back, a link) shows in the box.
 */
export function useTypedParam(fromUrl: string, write: (value: string) => void, debounceMs = 300) {
  const [text, setText] = useState(fromUrl);
  const written = useRef(fromUrl);
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setText(fromUrl);
    }
  }, [fromUrl]);
  useEffect(() => {
    const value = text.trim();
    if (value === written.current) return;
    const writeNow = () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', writeNow, true);
      written.current = value;
      writeRef.current(value);
    };
    const timer = setTimeout(writeNow, debounceMs);
    // A press anywhere (a link, a tab, a button) writes the pending text at once, so the write comes
    // before the press's own navigation instead of cancelling it 300 ms later.
    document.addEventListener('pointerdown', writeNow, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', writeNow, true);
    };
  }, [text, debounceMs]);
  return [text, setText] as const;
}

export type ListParamsState<F extends string = never> = ReturnType<typeof useListParams<F>>;

/**
 * Rows can leave a list (a package into a shipment): once the total is known, a page past the end
 * becomes the last page, in place of the old address.
 */
export function useClampPage(
  list: { page: number; pageSize: number; update: (change: { page: number }, replace?: boolean) => void },
  total: number | undefined,
) {
  const { page, pageSize, update } = list;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCountOf(total, pageSize);
    if (page > last) update({ page: last }, true);
  }, [total, page, pageSize, update]);
}

/**
 * A portal list's pager, on `page` of `total` rows: SPEC.md shows it only when there is more than
 * one page of the default size (10).
 */
export function portalPager(
  list: { pageSize: number; setPage: (page: number) => void; setPageSize: (pageSize: number) => void },
  label: string,
  page: number,
  total: number,
) {
  return total > PAGE_SIZE
    ? { label, page, pageSize: list.pageSize, total, onPageChange: list.setPage, onPageSizeChange: list.setPageSize }
    : undefined;
}

import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@hopbox/contracts/constants';

/** What a list keeps in the address: its search, page, page size and its own filters (name → default). */
export interface ListParamsConfig<F extends string = string> {
  /** Each filter's URL name and its default value; a default is left out of the address. */
  filters?: Readonly<Record<F, string>>;
  /** The page sizes the list offers; the first that equals `defaultPageSize` is the default. */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

export interface ListParams<F extends string = string> {
  q: string;
  page: number;
  pageSize: number;
  filters: Record<F, string>;
}

export type ListParamsChange<F extends string = string> = Partial<Omit<ListParams<F>, 'filters'>> & {
  filters?: Partial<Record<F, string>>;
};

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
};

/**
 * Reads a list's view from the address, clamping what a hand-edited or old link may hold:
 * a page below 1 or not a number is 1, a page size the list does not offer is its default.
 */
export function parseListParams<F extends string>(params: URLSearchParams, config: ListParamsConfig<F> = {}): ListParams<F> {
  const sizes = config.pageSizes ?? PAGE_SIZE_OPTIONS;
  const defaultSize = config.defaultPageSize ?? PAGE_SIZE;
  const size = positiveInt(params.get('pageSize'));
  const filters = {} as Record<F, string>;
  for (const [name, fallback] of Object.entries(config.filters ?? {}) as [F, string][]) {
    filters[name] = params.get(name) ?? fallback;
  }
  return {
    q: (params.get('q') ?? '').trim(),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size !== null && sizes.includes(size) ? size : defaultSize,
    filters,
  };
}

/**
 * The address after a change to the view. A new search, page size or filter starts at page 1;
 * defaults are left out, so a plain list has a plain address; parameters of others (e.g. `open`) stay.
 */
export function serializeListParams<F extends string>(
  current: URLSearchParams,
  change: ListParamsChange<F>,
  config: ListParamsConfig<F> = {},
): URLSearchParams {
  const before = parseListParams(current, config);
  const next: ListParams<F> = {
    q: change.q === undefined ? before.q : change.q.trim(),
    pageSize: change.pageSize ?? before.pageSize,
    page: change.page ?? before.page,
    filters: { ...before.filters, ...change.filters },
  };
  const filterChanged = Object.keys(next.filters).some((name) => next.filters[name as F] !== before.filters[name as F]);
  if (next.q !== before.q || next.pageSize !== before.pageSize || filterChanged) next.page = 1;

  const out = new URLSearchParams(current);
  const put = (name: string, value: string, fallback: string) => {
    if (value === fallback || value === '') out.delete(name);
    else out.set(name, value);
  };
  put('q', next.q, '');
  put('page', String(Math.max(1, Math.trunc(next.page))), '1');
  put('pageSize', String(next.pageSize), String(config.defaultPageSize ?? PAGE_SIZE));
  for (const [name, fallback] of Object.entries(config.filters ?? {}) as [F, string][]) put(name, next.filters[name], fallback);
  return out;
}

/** `value` when it is one of `choices` (an address may hold anything), else the first choice, the default. */
export function oneOf<V extends string>(choices: readonly V[], value: string): V {
  return choices.includes(value as V) ? (value as V) : (choices[0] as V);
}

/** How many pages `total` rows fill (at least one, so an empty list is on page 1 of 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page (the last page when `page` is past the end), and the page shown. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number) {
  const shown = Math.min(page, pageCountOf(rows.length, pageSize));
  return { total: rows.length, page: shown, rows: rows.slice((shown - 1) * pageSize, shown * pageSize) };
}

/**
 * Client-side search and paging of a list the API answers whole: rows whose text holds every word
 * of the search (any case), and the slice of the page asked for.
 */
export function searchAndPage<T>(rows: readonly T[], view: { q: string; page: number; pageSize: number }, text: (row: T) => string) {
  const terms = view.q.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = terms.length === 0 ? rows : rows.filter((row) => terms.every((t) => text(row).toLowerCase().includes(t)));
  return pageOf(matches, view.page, view.pageSize);
}

import { isSearchable } from '@hopbox/contracts/search-limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { useDebouncedValue } from '../use-debounced-value';

/** How long typing pauses before the header search asks the API. */
export const SEARCH_DEBOUNCE_MS = 250;

/** GET /api/user/search: the customer's own packages and shipments matching the text. */
export const ownSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/search', { params: { query: { q } }, signal }))).data,
    staleTime: 30_000,
  });

/**
 * The header search's packages and shipments for what is typed: asked once typing pauses and the text
 * is searchable (the API's own bounds); the previous answer stays while the next one loads, so the
 * palette does not flicker. `enabled` is false for staff, whose console has no such search.
 */
export function useOwnSearch(typed: string, enabled: boolean) {
  const q = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = enabled && isSearchable(q) && isSearchable(typed);
  const query = useQuery({ ...ownSearchQuery(q), enabled: searchable, placeholderData: keepPreviousData });
  return {
    /** Undefined while nothing is searchable: a disabled query would still hand out its placeholder. */
    results: searchable ? query.data : undefined,
    /** Waiting for typing to pause or for the first answer. */
    searching: enabled && isSearchable(typed) && (q !== typed.trim() || (searchable && query.isPending)),
    failed: searchable && query.isError,
  };
}

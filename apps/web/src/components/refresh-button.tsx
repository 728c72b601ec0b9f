import { RefreshCw } from 'lucide-react';
import { Button } from './button';

/** A page's Refresh action: asks its query again, with a spinner in place of the icon while it runs. */
export function RefreshButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
      {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
      Refresh
    </Button>
  );
}

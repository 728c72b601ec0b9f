import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';
import { getSession, subscribeSession } from './session';

/** Server errors and lost connections are retried twice; a 4xx answer will not change on retry. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one data cache: `DataCache` hands it to React, the router's loaders fill it ahead of a page. */
export const queryClient = createQueryClient();

// When the session ends, one user's cached data goes with it.
subscribeSession(() => {
  if (!getSession()) queryClient.removeQueries();
});

/**
 * Starts the requests a page will make while its chunk is still loading (a route's `loader`), so
 * the page renders with its data instead of a spinner after its code. Nothing without a session.
 */
export function prefetchWhenSignedIn(prefetch: (client: QueryClient) => void): null {
  if (getSession()) prefetch(queryClient);
  return null;
}

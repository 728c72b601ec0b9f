import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';

/** Server errors and lost connections are retried twice; a 4xx answer will not change on retry. */
export function createQueryClient(): QueryClient {
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

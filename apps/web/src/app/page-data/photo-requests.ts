import { photoRequestStatsQuery } from '@/features/photo-requests/api/get-photo-request-stats';
import { photoRequestsQuery } from '@/features/photo-requests/api/get-photo-requests';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The photo requests and their counts. */
export const prefetchPageData = () =>
  prefetchWhenSignedIn((client) => {
    void client.prefetchQuery(photoRequestsQuery);
    void client.prefetchQuery(photoRequestStatsQuery);
  });

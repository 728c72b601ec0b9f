import { photoRequestStatsQuery } from '@/features/photo-requests/api/get-photo-request-stats';
import { photoRequestsQuery } from '@/features/photo-requests/api/get-photo-requests';
import { PHOTO_REQUESTS_LIST, photoRequestsParamsOf } from '@/features/photo-requests/photo-request-display';
import { parseListParams } from '@/lib/list-params';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The page of requests the address names (its page, size, status and search), as the page will ask for it, and their counts. */
export const prefetchPageData = (url: URL) => {
  const params = photoRequestsParamsOf(parseListParams(url.searchParams, PHOTO_REQUESTS_LIST));
  return prefetchWhenSignedIn((client) => {
    void client.prefetchQuery(photoRequestsQuery(params));
    void client.prefetchQuery(photoRequestStatsQuery);
  });
};

import type { PhotoRequestStatus } from '@hopbox/contracts/photo-requests';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

export interface PhotoRequestsParams {
  page: number;
  pageSize: number;
  /** One status, or every status. */
  status: PhotoRequestStatus | undefined;
  /** Server-side search over Hopbox ID, shipper, content, order reference and notes. */
  q: string;
}

/** Every query of this feature starts with this key. */
export const photoRequestsQueryKey = ['photo-requests'] as const;

/** GET /api/user/photo-requests with page, pageSize, status and q: one page of the customer's requests, newest first, and the total. */
export const photoRequestsQuery = ({ page, pageSize, status, q }: PhotoRequestsParams) =>
  queryOptions({
    queryKey: [...photoRequestsQueryKey, 'list', { page, pageSize, status, q }],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/user/photo-requests', { params: { query: { page, pageSize, status, q: q || undefined } }, signal })),
  });

/** One page of the requests; the previous page stays on screen while the next one loads. */
export function usePhotoRequests(params: PhotoRequestsParams) {
  return useQuery({ ...photoRequestsQuery(params), placeholderData: keepPreviousData });
}

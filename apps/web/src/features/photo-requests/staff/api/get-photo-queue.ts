import type { PhotoRequestPriority, PhotoRequestStatus, PhotoRequestType } from '@hopbox/contracts/photo-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface PhotoQueueFilters {
  statuses: readonly PhotoRequestStatus[];
  priority: PhotoRequestPriority | '';
  requestType: PhotoRequestType | '';
  q: string;
}

/** GET /api/staff/photo-requests, in the server's queue order: most urgent first, then oldest. */
export function usePhotoQueue(filters: PhotoQueueFilters) {
  return useQuery({
    queryKey: [...staffKeys.photoRequests, filters],
    queryFn: async ({ signal }) => {
      const query = {
        status: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
        priority: filters.priority || undefined,
        requestType: filters.requestType || undefined,
        q: filters.q || undefined,
      };
      return (await answer(api.GET('/api/staff/photo-requests', { params: { query }, signal }))).data;
    },
    placeholderData: keepPreviousData,
  });
}

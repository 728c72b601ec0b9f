import type { PhotoRequest, PhotoRequestPriority, PhotoRequestStatus, PhotoRequestType } from '@hopbox/contracts/photo-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
      const search = new URLSearchParams();
      if (filters.statuses.length > 0) search.set('status', filters.statuses.join(','));
      if (filters.priority) search.set('priority', filters.priority);
      if (filters.requestType) search.set('requestType', filters.requestType);
      if (filters.q) search.set('q', filters.q);
      return (await api.get<{ success: true; data: PhotoRequest[] }>(`/api/staff/photo-requests?${search}`, { signal })).data;
    },
    placeholderData: keepPreviousData,
  });
}

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

/** The open requests, every priority and type: the queue's first view and the console overview's. */
export const OPEN_PHOTO_QUEUE: PhotoQueueFilters = { statuses: ['PENDING', 'IN_PROGRESS'], priority: '', requestType: '', q: '' };

const queryOf = (filters: PhotoQueueFilters, page: number, pageSize: number) => ({
  status: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
  priority: filters.priority || undefined,
  requestType: filters.requestType || undefined,
  q: filters.q || undefined,
  page,
  pageSize,
});

/**
 * GET /api/staff/photo-requests: one page of the queue in the server's order (the open requests most urgent and
 * oldest first, then the closed ones newest first); the previous page stays while the next loads.
 */
export function usePhotoQueuePage(filters: PhotoQueueFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...staffKeys.photoRequests, filters, page, pageSize],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/photo-requests', { params: { query: queryOf(filters, page, pageSize) }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** How many requests a view of the queue holds (up to LIST_COUNT_CAP, then `capped`), read with a page of one row. */
export function usePhotoQueueCount(filters: PhotoQueueFilters) {
  return useQuery({
    queryKey: [...staffKeys.photoRequests, 'count', filters],
    queryFn: async ({ signal }) => {
      const page = await answer(api.GET('/api/staff/photo-requests', { params: { query: queryOf(filters, 1, 1) }, signal }));
      return { total: page.total, capped: page.totalCapped === true };
    },
  });
}

import type { SupportQueueView } from '@hopbox/contracts/support';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** Every query of the staff's support screens starts with this key. */
export const queueKey = ['staff', 'support'] as const;

/** GET /api/staff/support/conversations: one page of the queue, unanswered first. */
export function useSupportQueue(view: SupportQueueView, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...queueKey, 'queue', view, page, pageSize],
    queryFn: async ({ signal }) =>
      answer(api.GET('/api/staff/support/conversations', { params: { query: { view, page, pageSize } }, signal })),
    placeholderData: keepPreviousData,
    // New customer messages show up while the page is open.
    refetchInterval: 60_000,
  });
}

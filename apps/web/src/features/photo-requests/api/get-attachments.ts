import type { Attachment } from '@hopbox/contracts/photo-requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { photoRequestsQueryKey } from './get-photo-requests';

export const attachmentsQueryOptions = (photoRequestId: number) => ({
  queryKey: [...photoRequestsQueryKey, photoRequestId, 'attachments'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api.get<{ success: true; result: 1; attachments: Attachment[] }>(
        `/api/photo-request-attachments/photo-request/${photoRequestId}`,
        {
          signal,
        },
      )
    ).attachments,
});

/** GET /api/photo-request-attachments/photo-request/{id}: the request's photos (`result` 1 on success). */
export function useAttachments(photoRequestId: number | null) {
  return useQuery({ ...attachmentsQueryOptions(photoRequestId ?? 0), enabled: photoRequestId !== null });
}

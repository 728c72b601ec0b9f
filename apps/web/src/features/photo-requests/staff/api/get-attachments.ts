import type { Attachment } from '@hopbox/contracts/photo-requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** GET /api/photo-request-attachments/photo-request/{id}: the photos already uploaded. */
export function useAttachments(photoRequestId: number | null) {
  return useQuery({
    queryKey: staffKeys.attachments(photoRequestId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ success: true; result: 1; attachments: Attachment[] }>(
          `/api/photo-request-attachments/photo-request/${photoRequestId}`,
          {
            signal,
          },
        )
      ).attachments,
    enabled: photoRequestId !== null,
  });
}

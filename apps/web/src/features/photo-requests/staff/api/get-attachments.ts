import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/lib/staff-keys';
import { fetchAttachments } from '../../api/get-attachments';

/** GET /api/photo-request-attachments/photo-request/{id}: the photos already uploaded. */
export function useAttachments(photoRequestId: number | null) {
  return useQuery({
    queryKey: staffKeys.attachments(photoRequestId ?? 0),
    queryFn: ({ signal }) => fetchAttachments(photoRequestId ?? 0, signal),
    enabled: photoRequestId !== null,
  });
}

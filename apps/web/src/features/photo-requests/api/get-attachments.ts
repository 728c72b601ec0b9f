import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { photoRequestsQueryKey } from './get-photo-requests';

/** The photos of one request (the customer's own, or any for staff: the server decides). */
export async function fetchAttachments(photoRequestId: number, signal?: AbortSignal) {
  const list = await answer(
    api.GET('/api/photo-request-attachments/photo-request/{id}', { params: { path: { id: photoRequestId } }, signal }),
  );
  return list.attachments;
}

export const attachmentsQueryOptions = (photoRequestId: number) => ({
  queryKey: [...photoRequestsQueryKey, photoRequestId, 'attachments'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchAttachments(photoRequestId, signal),
});

/** GET /api/photo-request-attachments/photo-request/{id}: the request's photos (`result` 1 on success). */
export function useAttachments(photoRequestId: number | null) {
  return useQuery({ ...attachmentsQueryOptions(photoRequestId ?? 0), enabled: photoRequestId !== null });
}

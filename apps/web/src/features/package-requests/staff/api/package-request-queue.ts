import type { StaffPackageRequestUpdate } from '@hopbox/contracts/package-requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api, type Query } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type QueuedRequest = Answer<'/api/staff/package-requests', 'get'>['data'][number];
export type QueueStatus = NonNullable<Query<'/api/staff/package-requests', 'get'>['status']>;

/** Under the packages' key: finishing a request changes packages (new size, new parcels, gone from the locker). */
const queueKey = [...staffKeys.packages, 'requests'] as const;

/** GET /api/staff/package-requests: one page of the queue, oldest first, of one status, the open ones or all. */
export function useRequestQueue(params: { page: number; pageSize: number; status: QueueStatus | undefined }) {
  return useQuery({
    queryKey: [...queueKey, params],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/package-requests', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/staff/package-requests/{id}, multipart: the move's JSON in "move" and its photos in "files" (before photos
 * with taking, after photos with finishing, a split's one per parcel in order); the queue and packages are read again.
 */
export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photos = [] }: { id: number; body: StaffPackageRequestUpdate; photos?: File[] }) =>
      (
        await answer(
          api.PUT('/api/staff/package-requests/{id}', {
            params: { path: { id } },
            body: { move: JSON.stringify(body) },
            // Sent as the form itself: the browser sets its boundary.
            bodySerializer: (fields) => {
              const form = new FormData();
              form.append('move', fields.move);
              for (const photo of photos) form.append('files', photo, photo.name);
              return form;
            },
          }),
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.packages }),
  });
}

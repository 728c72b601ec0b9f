import type { PhotoRequestStatus } from '@hopbox/contracts/photo-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface PhotoRequestMove {
  id: number;
  status: PhotoRequestStatus;
  notes?: string | null;
}

/** PUT /api/staff/photo-requests/{id}: Take, Complete or Reject; a refused move is a 409 with the reason. */
export function useUpdatePhotoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status, notes }: PhotoRequestMove) =>
      (await answer(api.PUT('/api/staff/photo-requests/{id}', { params: { path: { id } }, body: { status, notes } }))).data,
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.photoRequests });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('photo_request', id) });
    },
  });
}

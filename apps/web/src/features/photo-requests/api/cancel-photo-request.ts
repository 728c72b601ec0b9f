import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { photoRequestsQueryKey } from './get-photo-requests';

/** POST /api/user/photo-requests/{id}/cancel: only a PENDING request; the package can be asked about again. */
export function useCancelPhotoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await answer(api.POST('/api/user/photo-requests/{id}/cancel', { params: { path: { id } } }))).photoRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: photoRequestsQueryKey }),
        // The package's 'Photo Requested' badge and the dashboard count follow.
        queryClient.invalidateQueries({ queryKey: ['packages'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

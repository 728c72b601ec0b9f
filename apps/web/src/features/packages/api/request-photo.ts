import type { PhotoRequestPriority, PhotoRequestType } from '@hopbox/contracts/photo-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { packagesQueryKey } from './get-received-packages';

export interface RequestPhotoInput {
  requestType: PhotoRequestType;
  priority: PhotoRequestPriority;
  notes: string | null;
}

/**
 * POST /api/user/photo-requests/create/{id}. Whatever the answer (a 409 means a request is already
 * open), the list is refetched so the 'Photo Requested' badge shows the server's truth.
 */
export function useRequestPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ packageId, input }: { packageId: number; input: RequestPhotoInput }) =>
      (await answer(api.POST('/api/user/photo-requests/create/{productId}', { params: { path: { productId: packageId } }, body: input })))
        .photoRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['photo-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

import type { PackageEditInput } from '@hopbox/contracts/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { packagesQueryKey } from './get-received-packages';

/** PUT /api/user/received-packages/{id}: description, quantity and prices; a package in a shipment answers 409. */
export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: PackageEditInput }) =>
      (await answer(api.PUT('/api/user/received-packages/{id}', { params: { path: { id } }, body: input }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
  });
}

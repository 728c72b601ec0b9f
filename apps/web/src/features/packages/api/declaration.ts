import type { declarationInputSchema } from '@hopbox/contracts/declarations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { answer, api } from '@/lib/api-client';
import { packagesQueryKey } from './get-received-packages';

/** The declaration as the form parsed it (numbers, a cleaned HS code). */
export type DeclarationValues = z.output<typeof declarationInputSchema>;

const declarationKey = (packageId: number) => [...packagesQueryKey, 'declaration', packageId] as const;

/** GET /api/user/received-packages/{id}/declaration: the items, whether complete, and the total. */
export function useDeclaration(packageId: number | null) {
  return useQuery({
    queryKey: declarationKey(packageId ?? 0),
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/user/received-packages/{id}/declaration', { params: { path: { id: packageId ?? 0 } }, signal }))).data,
    enabled: packageId !== null,
  });
}

/**
 * PUT /api/user/received-packages/{id}/declaration: replaces every item. The package's quantity, value and
 * "Declaration needed" marker follow, so the whole feature's queries are read again.
 */
export function useSaveDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: DeclarationValues }) =>
      (await answer(api.PUT('/api/user/received-packages/{id}/declaration', { params: { path: { id } }, body: input }))).data,
    onSuccess: (data, { id }) => queryClient.setQueryData(declarationKey(id), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey }),
  });
}

import type { Claim } from '@hopbox/contracts/claims';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, postForm } from '@/lib/api-client';

/** Every query of the customer's claims starts with this key. */
export const claimsQueryKey = ['claims'] as const;

/**
 * A claim's JSON with its photos as the API reads them: the JSON in the text field `field`, the photos in "files".
 * Always a form, so a claim with photos and one without take the same way.
 */
export function claimForm(field: 'claim' | 'reply', json: unknown, photos: readonly File[]) {
  const form = new FormData();
  form.append(field, JSON.stringify(json));
  for (const photo of photos) form.append('files', photo, photo.name);
  return form;
}

/** GET /api/user/claims: one page of the customer's claims, newest first, paged by the API. */
export function useClaims(params: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...claimsQueryKey, 'list', params],
    queryFn: ({ signal }) => answer(api.GET('/api/user/claims', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/user/claims/{id}: one of the customer's claims with its photos and its thread. */
export function useClaim(id: number) {
  return useQuery({
    queryKey: [...claimsQueryKey, 'one', id],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/claims/{id}', { params: { path: { id } }, signal }))).data as Claim,
  });
}

/** POST /api/user/claims/{id}/reply: the customer's answer to NEEDS_INFO, with photos; the claim is open again. */
export function useReplyToClaim(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, photos }: { message: string; photos: readonly File[] }) =>
      (await postForm('/api/user/claims/{id}/reply', claimForm('reply', { message }, photos), { id })).data as Claim,
    onSuccess: (claim) => {
      queryClient.setQueryData([...claimsQueryKey, 'one', claim.id], claim);
      return queryClient.invalidateQueries({ queryKey: [...claimsQueryKey, 'list'] });
    },
  });
}

import type { Claim, ClaimInput } from '@hopbox/contracts/claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, postForm } from '@/lib/api-client';
import { claimForm, claimsQueryKey } from './claims';

/** The package or shipment a claim is about, by the database id its list gives. */
export type ClaimAbout = { packageId: number } | { shipmentId: number };

/** GET /api/user/claims/eligibility: every claim type's window for the package or shipment, as of now. */
export function useClaimEligibility(about: ClaimAbout) {
  return useQuery({
    queryKey: [...claimsQueryKey, 'eligibility', about],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/user/claims/eligibility', { params: { query: about }, signal }))).data,
  });
}

/** POST /api/user/claims, multipart: the claim's JSON in "claim" and its photos in "files"; 201 with the claim. */
export function useFileClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photos }: { input: ClaimInput; photos: readonly File[] }) =>
      (await postForm('/api/user/claims', claimForm('claim', input, photos))).data as Claim,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}

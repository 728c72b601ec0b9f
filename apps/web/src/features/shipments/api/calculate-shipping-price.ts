import type { CalculatePriceBody } from '@hopbox/contracts/pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/**
 * POST /api/user/shipments/calculate-shipping-price, by the packages' Hopbox IDs and the destination
 * (decision 026: the server reads the packages). A query keyed by the request, so the same
 * request is priced once and "Recalculate" is a refetch; `enabled` says when SPEC.md wants a price.
 */
export function useShippingPrice(request: CalculatePriceBody | null, enabled: boolean) {
  return useQuery({
    queryKey: ['shipping-price', request],
    queryFn: () => answer(api.POST('/api/user/shipments/calculate-shipping-price', { body: request as CalculatePriceBody })),
    enabled: enabled && request !== null,
    retry: false,
    // Ticking insurance asks again: the last price stays on screen (dimmed) and the option keeps its place and focus.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

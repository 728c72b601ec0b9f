import type { PriceRequestInput, PriceResponse } from '@hopbox/contracts/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/user/shipments/calculate-shipping-price. A query keyed by the request, so the same
 * request is priced once and "Recalculate" is a refetch; `enabled` says when SPEC.md wants a price.
 */
export function useShippingPrice(request: PriceRequestInput | null, enabled: boolean) {
  return useQuery({
    queryKey: ['shipping-price', request],
    queryFn: () => api.post<PriceResponse>('/api/user/shipments/calculate-shipping-price', request),
    enabled: enabled && request !== null,
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

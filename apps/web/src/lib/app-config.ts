import { useQuery } from '@tanstack/react-query';
import { answer, publicApi } from './api-client';

export interface AppConfig {
  brandName: string;
  providerUrl: string;
}

export const DEFAULT_BRAND_NAME = 'Hopbox';

/** GET /api/config: the brand and the provider link, so a rebrand needs no rebuild. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery({
    queryKey: ['app-config'],
    queryFn: () => answer(publicApi.GET('/api/config')),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return { brandName: data?.brandName || DEFAULT_BRAND_NAME, providerUrl: data?.providerUrl || '' };
}

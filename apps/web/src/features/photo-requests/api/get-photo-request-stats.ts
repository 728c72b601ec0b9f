import type { PhotoRequestStats } from '@hopbox/contracts/photo-requests';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '@/lib/api-client';
import { photoRequestsQueryKey } from './get-photo-requests';

/** GET /api/user/photo-requests/stats: pending (with in progress), completed and total. */
export function usePhotoRequestStats() {
  return useQuery({
    queryKey: [...photoRequestsQueryKey, 'stats'],
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<PhotoRequestStats>>('/api/user/photo-requests/stats', { signal })).data,
  });
}

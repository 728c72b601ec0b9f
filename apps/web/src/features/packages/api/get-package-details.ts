import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { packagesQueryKey } from './get-received-packages';

/** GET /api/user/received-packages/{id}: the package with its photos taken at receipt. */
export function usePackageDetails(packageId: number | null) {
  return useQuery({
    queryKey: [...packagesQueryKey, 'details', packageId],
    queryFn: ({ signal }) => answer(api.GET('/api/user/received-packages/{id}', { params: { path: { id: packageId ?? 0 } }, signal })),
    enabled: packageId !== null,
  });
}

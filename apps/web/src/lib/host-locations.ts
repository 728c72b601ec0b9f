import { useQuery } from '@tanstack/react-query';
import { useActiveHosts } from '@/lib/active-hosts';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** GET /api/staff/hosts/{id}/locations: a warehouse's shelf and bin codes in walking order (shared: Receive, a package's move, Hosts). */
export function useHostLocations(hostId: number | null) {
  return useQuery({
    queryKey: staffKeys.hostLocations(hostId ?? 0),
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/staff/hosts/{id}/locations', { params: { path: { id: hostId ?? 0 } }, signal }))).data,
    enabled: hostId !== null,
    staleTime: 60_000,
  });
}

/** The locations of the warehouse packages of `origin` are received at (its active host), as the API checks them. */
export function useLocationsOfOrigin(origin: string) {
  const hosts = useActiveHosts();
  const host = hosts.data?.find((h) => h.country.toLowerCase() === origin.trim().toLowerCase()) ?? null;
  const locations = useHostLocations(host?.id ?? null);
  return { hostName: host?.name ?? null, codes: locations.data?.codes ?? [] };
}

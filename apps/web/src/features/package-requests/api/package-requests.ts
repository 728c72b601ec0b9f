import type { PackageRequest, PackageRequestType } from '@hopbox/contracts/package-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, postForm } from '@/lib/api-client';

/** Under the packages' key: a request changes the package (its marker, its size, whether it is still in the locker). */
const requestsKey = (packageId: number) => ['packages', 'requests', packageId] as const;

/** GET /api/user/package-request-fees?packageId=: what each service costs at the package's warehouse. */
export function useRequestFees(packageId: number, enabled = true) {
  return useQuery({
    queryKey: ['packages', 'request-fees', packageId],
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/user/package-request-fees', { params: { query: { packageId } }, signal }))).data[0]?.fees ?? [],
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/user/received-packages/{id}/requests: the package's requests, newest first. */
export function usePackageRequests(packageId: number) {
  return useQuery({
    queryKey: requestsKey(packageId),
    queryFn: async ({ signal }) =>
      (
        await answer(
          api.GET('/api/user/received-packages/{id}/requests', { params: { path: { id: packageId }, query: { pageSize: 50 } }, signal }),
        )
      ).data as PackageRequest[],
  });
}

export interface NewPackageRequest {
  packageId: number;
  type: PackageRequestType;
  notes: string | null;
  /** A return's label, sent as multipart beside the JSON. */
  label?: File;
}

/**
 * POST /api/user/received-packages/{id}/requests, multipart: the request's JSON in "request" and a return's label in "files". Whatever the
 * answer (409 REQUEST_OPEN when one is already open), the package and its requests are read again.
 */
export function useCreatePackageRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ packageId, type, notes, label }: NewPackageRequest) => {
      const form = new FormData();
      form.append('request', JSON.stringify({ type, notes }));
      if (label) form.append('files', label, label.name);
      return (await postForm('/api/user/received-packages/{id}/requests', form, { id: packageId })).data;
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['packages'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}

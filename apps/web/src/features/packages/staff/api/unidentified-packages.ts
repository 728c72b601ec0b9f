import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type UnidentifiedPackage = Answer<'/api/staff/unidentified-packages', 'get'>['data'][number];

/** Under the packages' key: receiving (which invalidates the packages) reads the queue again too. */
const unidentifiedKey = [...staffKeys.packages, 'unidentified'] as const;

/** GET /api/staff/unidentified-packages: parcels nobody could match, oldest first; the previous page stays while the next loads. */
export function useUnidentifiedPackages(params: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...unidentifiedKey, params],
    queryFn: ({ signal }) => answer(api.GET('/api/staff/unidentified-packages', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/staff/unidentified-packages/{id}/assign: the parcel moves into the locker; the queue and the packages are read again. */
export function useAssignUnidentified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, lockerNumber }: { id: number; lockerNumber: string }) =>
      (await answer(api.POST('/api/staff/unidentified-packages/{id}/assign', { params: { path: { id } }, body: { lockerNumber } }))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.packages }),
  });
}

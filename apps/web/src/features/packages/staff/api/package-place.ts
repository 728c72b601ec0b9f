import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/** A change to one package from the console; the lists and the package's history are read again after it. */
function usePackageChange<T, R>(id: number, change: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.packages });
      void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('package', id) });
    },
  });
}

/** PUT /api/staff/packages/{id}/location: the package now sits on another shelf or bin. */
export const useMovePackage = (id: number) =>
  usePackageChange(
    id,
    async (location: string) =>
      (await answer(api.PUT('/api/staff/packages/{id}/location', { params: { path: { id } }, body: { location } }))).data,
  );

/** POST /api/staff/packages/{id}/notes: an internal note on a package, for staff only. */
export const useAddPackageNote = (id: number) =>
  usePackageChange(
    id,
    async (body: string) => (await answer(api.POST('/api/staff/packages/{id}/notes', { params: { path: { id } }, body: { body } }))).data,
  );

import type { InternalNoteEntity } from '@hopbox/contracts/internal-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

/**
 * POST /api/staff/packages/{id}/notes or /api/staff/shipments/{id}/notes: an internal note, for staff only
 * (decision 053). The lists that carry the notes and the record's history are read again after it.
 */
export function useAddInternalNote(entity: InternalNoteEntity, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => {
      const params = { params: { path: { id } }, body: { body } };
      const answered =
        entity === 'package'
          ? await answer(api.POST('/api/staff/packages/{id}/notes', params))
          : await answer(api.POST('/api/staff/shipments/{id}/notes', params));
      return answered.data;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: entity === 'package' ? staffKeys.packages : staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit(entity, id) });
    },
  });
}

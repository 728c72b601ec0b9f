import { useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { type AuditEntity, staffKeys } from '@/lib/staff-keys';

export type AuditEntry = Answer<'/api/staff/audit/{entityType}/{entityId}', 'get'>['data'][number];

/** GET /api/staff/audit/{entity}/{id}: who changed it, what, when, before and after (oldest first). */
export function useAuditTrail(entity: AuditEntity, id: number | null) {
  return useQuery({
    queryKey: staffKeys.audit(entity, id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await answer(
          api.GET('/api/staff/audit/{entityType}/{entityId}', { params: { path: { entityType: entity, entityId: id ?? 0 } }, signal }),
        )
      ).data,
    enabled: id !== null,
  });
}

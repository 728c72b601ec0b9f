import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuditEntity, staffKeys } from '@/lib/staff-keys';

export interface AuditEntry {
  id: number;
  action: string;
  actor: string;
  actorEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/** GET /api/staff/audit/{entity}/{id}: who changed it, what, when, before and after (oldest first). */
export function useAuditTrail(entity: AuditEntity, id: number | null) {
  return useQuery({
    queryKey: staffKeys.audit(entity, id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ success: true; data: AuditEntry[] }>(`/api/staff/audit/${entity}/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

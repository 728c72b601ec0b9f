import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface OutboxMail {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

/** GET /api/admin/mail?status=FAILED: mail the worker gave up on, newest first (admins only). */
export function useFailedMail(enabled = true) {
  return useQuery({
    queryKey: [...staffKeys.mail, 'FAILED'],
    queryFn: async ({ signal }) => (await api.get<{ success: true; data: OutboxMail[] }>('/api/admin/mail?status=FAILED', { signal })).data,
    enabled,
  });
}

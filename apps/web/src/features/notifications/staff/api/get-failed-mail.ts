import { useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type OutboxMail = Answer<'/api/admin/mail', 'get'>['data'][number];

/** GET /api/admin/mail?status=FAILED: mail the worker gave up on, newest first (admins only). */
export function useFailedMail(enabled = true) {
  return useQuery({
    queryKey: [...staffKeys.mail, 'FAILED'],
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/mail', { params: { query: { status: 'FAILED' } }, signal }))).data,
    enabled,
  });
}

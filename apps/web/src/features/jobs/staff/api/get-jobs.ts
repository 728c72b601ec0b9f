import { useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type BackgroundJob = Answer<'/api/admin/jobs', 'get'>['data'][number];

/** How often the page asks again: a job's latest round changes on its own. */
const REFRESH_MS = 30_000;

/** GET /api/admin/jobs: every background job and its latest round in any process (admins only). */
export function useJobs() {
  return useQuery({
    queryKey: staffKeys.jobs,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/jobs', { signal }))).data,
    refetchInterval: REFRESH_MS,
  });
}

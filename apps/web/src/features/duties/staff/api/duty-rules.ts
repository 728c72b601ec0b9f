import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';
import type { DutyRuleBody } from '../duty-rule-form';

/** GET /api/admin/duty-rules: every rule, by country name; admins only. */
export function useDutyRules() {
  return useQuery({
    queryKey: staffKeys.dutyRules,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/duty-rules', { signal }))).rules,
  });
}

/** PUT /api/admin/duty-rules/{countryCode}: creates the country's rule or replaces it. */
export function useSaveDutyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ countryCode, input }: { countryCode: string; input: DutyRuleBody }) =>
      (await answer(api.PUT('/api/admin/duty-rules/{countryCode}', { params: { path: { countryCode } }, body: input }))).rule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.dutyRules }),
  });
}

/** DELETE /api/admin/duty-rules/{countryCode}. */
export function useDeleteDutyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countryCode: string) => answer(api.DELETE('/api/admin/duty-rules/{countryCode}', { params: { path: { countryCode } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.dutyRules }),
  });
}

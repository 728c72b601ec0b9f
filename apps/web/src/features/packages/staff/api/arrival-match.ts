import { trackingKey } from '@hopbox/contracts/arrivals';
import { useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export type ArrivalMatch = Answer<'/api/staff/pre-alerts/match', 'get'>['data'];

/** Every match asked; receiving reads them again (a pre-alert it fulfilled is no longer open). */
export const arrivalMatchKey = [...staffKeys.all, 'arrival-match'] as const;

/** A tracking number worth asking about: at least 4 letters or digits once spaces and dashes are gone. */
export const isMatchable = (trackingNumber: string) => trackingKey(trackingNumber).length >= 4;

/**
 * GET /api/staff/pre-alerts/match: who announced a tracking number (issue "Arrivals"). Asked once per number
 * (compared as the API compares them), when the tracking field is left or Enter is pressed; null waits.
 */
export function useArrivalMatch(trackingNumber: string | null) {
  const key = trackingNumber && isMatchable(trackingNumber) ? trackingKey(trackingNumber) : '';
  return useQuery({
    queryKey: [...arrivalMatchKey, key] as const,
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/staff/pre-alerts/match', { params: { query: { trackingNumber: key } }, signal }))).data,
    enabled: Boolean(key),
    staleTime: 30_000,
  });
}

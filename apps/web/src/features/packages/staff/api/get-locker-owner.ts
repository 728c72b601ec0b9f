import { useQuery } from '@tanstack/react-query';
import { type Answer, answer, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { staffKeys } from '@/lib/staff-keys';

export type LockerOwner = Answer<'/api/staff/customers/{lockerNumber}', 'get'>['data'];

/** GET /api/staff/customers/{lockerNumber}: the customer who owns a locker, or null when no customer has it. */
export async function fetchLockerOwner(lockerNumber: string, signal?: AbortSignal): Promise<LockerOwner | null> {
  try {
    return (await answer(api.GET('/api/staff/customers/{lockerNumber}', { params: { path: { lockerNumber } }, signal }))).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Looks the locker up once it is entered (`lockerNumber` upper-cased, or null to wait). */
export function useLockerOwner(lockerNumber: string | null) {
  return useQuery({
    queryKey: staffKeys.lockerOwner(lockerNumber ?? ''),
    queryFn: ({ signal }) => fetchLockerOwner(lockerNumber as string, signal),
    enabled: Boolean(lockerNumber),
    staleTime: 60_000,
  });
}

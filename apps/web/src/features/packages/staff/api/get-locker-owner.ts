import type { StaffPackage } from '@hopbox/contracts/packages';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { staffKeys } from '@/lib/staff-keys';

export interface LockerOwner {
  id: number | null;
  fullName: string;
  email: string;
  country: string | null;
  lockerNumber: string;
}

/**
 * The customer who owns a locker, or null when no customer has it.
 * GET /api/staff/customers/{lockerNumber}; while a server answers that route with 404 for every
 * locker (an older API), the owner is read from the locker's first package instead, which finds
 * customers with at least one package and no country.
 */
export async function fetchLockerOwner(lockerNumber: string, signal?: AbortSignal): Promise<LockerOwner | null> {
  try {
    const answer = await api.get<{ success: true; data: LockerOwner }>(`/api/staff/customers/${encodeURIComponent(lockerNumber)}`, {
      signal,
    });
    return answer.data;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  const search = new URLSearchParams({ lockerNumber, page: '1', pageSize: '10' });
  const packages = await api.get<{ success: true; data: StaffPackage[] }>(`/api/staff/packages?${search}`, { signal });
  const first = packages.data.find((p) => p.lockerNumber.toUpperCase() === lockerNumber);
  return first ? { id: null, fullName: first.customerName, email: first.customerEmail, country: null, lockerNumber } : null;
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

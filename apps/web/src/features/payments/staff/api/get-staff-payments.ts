import type { PaymentStatus } from '@hopbox/contracts/lifecycles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface StaffPaymentsParams {
  /** One status, or every payment. */
  status: PaymentStatus | 'all';
  page: number;
  pageSize: number;
}

/** GET /api/staff/payments: one page, newest first; the previous page stays while the next loads. */
export function useStaffPayments(params: StaffPaymentsParams) {
  return useQuery({
    queryKey: [...staffKeys.payments, params],
    queryFn: ({ signal }) => {
      const query = { status: params.status === 'all' ? undefined : params.status, page: params.page, pageSize: params.pageSize };
      return answer(api.GET('/api/staff/payments', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

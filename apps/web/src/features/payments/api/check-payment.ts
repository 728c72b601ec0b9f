import type { PaymentCheckResponse } from '@hopbox/contracts/payments';
import { api } from '@/lib/api-client';

export type PaymentKind = 'shipment' | 'consolidation';

const CHECK_PATHS: Record<PaymentKind, string> = {
  shipment: '/api/user/shipment-payment/check',
  consolidation: '/api/user/consolidation-payment/check',
};

/** POST …/check {orderRef}: the server asks the provider and, on capture, finalizes the shipment once. */
export function checkPayment(kind: PaymentKind, orderRef: string) {
  return api.post<PaymentCheckResponse>(CHECK_PATHS[kind], { orderRef });
}

/** SPEC.md section 4: paid means captured 1 and status SUCCESS. */
export const isPaid = (answer: PaymentCheckResponse) => answer.captured === 1 && answer.status === 'SUCCESS';

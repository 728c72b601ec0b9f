import { type Answer, answer, api } from '@/lib/api-client';

export type PaymentKind = 'shipment' | 'consolidation' | 'request';

const CHECK_PATHS = {
  shipment: '/api/user/shipment-payment/check',
  consolidation: '/api/user/consolidation-payment/check',
  request: '/api/user/request-payment/check',
} as const;

export type PaymentCheckAnswer = Answer<(typeof CHECK_PATHS)[PaymentKind], 'post'>;

/** POST …/check {orderRef}: the server asks the provider and, on capture, finalizes the shipment once. */
export function checkPayment(kind: PaymentKind, orderRef: string) {
  return answer(api.POST(CHECK_PATHS[kind], { body: { orderRef } }));
}

/** SPEC.md section 4: paid means captured 1 and status SUCCESS. */
export const isPaid = (check: PaymentCheckAnswer) => check.captured === 1 && check.status === 'SUCCESS';

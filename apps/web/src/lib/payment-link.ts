import type { consolidationPaymentSchema, singlePaymentSchema } from '@hopbox/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Answer, answer, api } from '@/lib/api-client';

export type PaymentLink = Answer<'/api/user/shipment-payment/generate', 'post'>;
export type SinglePaymentInput = z.input<typeof singlePaymentSchema>;
export type ConsolidationPaymentInput = z.input<typeof consolidationPaymentSchema>;

/** Where each payment returns: SPEC.md section 2's login-protected callback pages. */
export const CALLBACK_PATHS = {
  shipment: '/user/shipment-payment-callback',
  consolidation: '/user/consolidation-payment-callback',
  /** A return's or discard's fee (decision 068). */
  request: '/user/request-payment-callback',
} as const;

export const callbackUrl = (kind: keyof typeof CALLBACK_PATHS) => `${window.location.origin}${CALLBACK_PATHS[kind]}`;

/**
 * POST /api/user/shipment-payment/generate: SPEC.md's body plus the draft (package, address, notes);
 * the server prices the draft and refuses a different amount.
 */
export function useGenerateShipmentPayment() {
  return useMutation({
    mutationFn: (input: SinglePaymentInput) => answer(api.POST('/api/user/shipment-payment/generate', { body: input })),
  });
}

/** POST /api/user/consolidation-payment/generate for consolidations that are ready to ship. */
export function useGenerateConsolidationPayment() {
  return useMutation({
    mutationFn: (input: ConsolidationPaymentInput) => answer(api.POST('/api/user/consolidation-payment/generate', { body: input })),
  });
}

/** Leaves the portal for the provider's hosted payment page. */
export function goToPaymentPage(link: PaymentLink | undefined): boolean {
  const href = link?._links?.payment?.href;
  if (!href) return false;
  window.location.assign(href);
  return true;
}

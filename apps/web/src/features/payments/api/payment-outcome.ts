import { messages } from '@hopbox/contracts/messages';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { clearPendingShipment, readPendingShipment } from '@/lib/pending-shipment';
import { checkPayment, isPaid, type PaymentCheckAnswer, type PaymentKind } from './check-payment';
import { confirmPaidShipment, finishShipments, parseShipmentIds } from './complete-payment';

/** What a callback page shows once the payment was checked. */
export type PaymentOutcome =
  | {
      state: 'success';
      orderRef: string;
      /** The shipments the payment paid for, as the customer knows them (SHP-…). */
      shipmentCodes: string[];
      /** Paid, but this browser could not complete SPEC.md's follow-up call: the customer keeps the reference for support. */
      followUpFailed: boolean;
      /** A request fee's payment (decision 068): the package the request is about. */
      hopboxId?: string;
    }
  | { state: 'failed'; orderRef: string; message: string; captured: boolean; hopboxId?: string };

/** Lists other screens keep that a paid shipment changes. */
async function refreshAfterPayment(queryClient: QueryClient) {
  await Promise.all(
    [['shipments'], ['packages'], ['dashboard'], ['wallet']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }).catch(() => undefined),
    ),
  );
}

/** A payment that is not paid (SPEC.md: paid means captured 1 and status SUCCESS), with the provider's message. */
function failedOutcome(check: PaymentCheckAnswer): PaymentOutcome {
  return {
    state: 'failed',
    orderRef: check.orderRef,
    message: check.msg || messages.payments.notSuccessful,
    captured: check.captured === 1,
    hopboxId: check.hopboxId,
  };
}

/** Single package: check; on success clear the stored draft and send SPEC.md's creation call with the reference. */
async function settleShipmentPayment(orderRef: string): Promise<PaymentOutcome> {
  const check = await checkPayment('shipment', orderRef);
  if (!isPaid(check)) return failedOutcome(check);
  // The draft kept for this payment; one kept for another payment (another attempt in this tab) is left alone.
  const stored = readPendingShipment();
  const pending = stored && (!stored.orderRef || stored.orderRef === check.orderRef) ? stored : null;
  if (pending) clearPendingShipment();
  let shipmentCode = check.shipmentId ?? '';
  let followUpFailed = !pending;
  if (pending) {
    try {
      shipmentCode = (await confirmPaidShipment(pending.payload, check.orderRef)).shipmentId || shipmentCode;
    } catch {
      followUpFailed = true;
    }
  }
  // The server creates the shipment at capture and names it in the check: then nothing is missing,
  // whatever this browser kept, and warning the customer would only cast doubt on a good payment.
  if (check.shipmentId) followUpFailed = false;
  return { state: 'success', orderRef: check.orderRef, shipmentCodes: shipmentCode ? [shipmentCode] : [], followUpFailed };
}

/** Consolidations: check; on success finish the shipments the payment lists (SPEC.md section 4, finish flow). */
async function settleConsolidationPayment(orderRef: string): Promise<PaymentOutcome> {
  const check = await checkPayment('consolidation', orderRef);
  if (!isPaid(check)) return failedOutcome(check);
  const ids = parseShipmentIds(check.shipmentIds);
  let followUpFailed = ids.length === 0;
  if (ids.length > 0) {
    try {
      await finishShipments(ids);
    } catch {
      followUpFailed = true;
    }
  }
  let shipmentCodes: string[] = [];
  try {
    const sent = (await answer(api.GET('/api/user/shipments/sent'))).data;
    shipmentCodes = sent.filter((s) => ids.includes(s.id)).map((s) => s.shipmentId);
  } catch {
    // Only the names are missing; the payment and the shipments are settled.
  }
  return { state: 'success', orderRef: check.orderRef, shipmentCodes, followUpFailed };
}

/** A return's or discard's fee (decision 068): the check marks the request paid; nothing more to call. */
async function settleRequestPayment(orderRef: string): Promise<PaymentOutcome> {
  const check = await checkPayment('request', orderRef);
  if (!isPaid(check)) return failedOutcome(check);
  return { state: 'success', orderRef: check.orderRef, shipmentCodes: [], followUpFailed: false, hopboxId: check.hopboxId };
}

const SETTLE: Record<PaymentKind, (orderRef: string) => Promise<PaymentOutcome>> = {
  shipment: settleShipmentPayment,
  consolidation: settleConsolidationPayment,
  request: settleRequestPayment,
};

/**
 * Checks a returning payment once per page visit. A query rather than an effect, so React
 * StrictMode's double effects, re-renders and remounts never send the check twice; "Try Again"
 * after a failed check is a deliberate refetch.
 */
export function usePaymentOutcome(kind: PaymentKind, orderRef: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-outcome', kind, orderRef],
    queryFn: async () => {
      const outcome = await SETTLE[kind](orderRef as string);
      if (outcome.state === 'success') await refreshAfterPayment(queryClient);
      return outcome;
    },
    enabled: Boolean(orderRef),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

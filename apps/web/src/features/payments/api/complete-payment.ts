import type { CreateShipmentInput } from '@hopbox/contracts/shipments';
import { answer, api } from '@/lib/api-client';

/**
 * SPEC.md's client creates the paid shipment after the callback: POST /api/user/shipments with the
 * stored payload, the payment reference and paymentStatus 'Paid'. The payment already made it, so
 * the server answers that shipment and never makes a second one.
 */
export async function confirmPaidShipment(payload: CreateShipmentInput, paymentReference: string) {
  const created = await answer(api.POST('/api/user/shipments', { body: { ...payload, paymentReference, paymentStatus: 'Paid' } }));
  return created.data;
}

/** POST /api/user/shipments/finish {shipmentIds}: confirms the consolidations a captured payment covered. */
export async function finishShipments(shipmentIds: number[]) {
  return answer(api.POST('/api/user/shipments/finish', { body: { shipmentIds } }));
}

/** The check answer's comma-separated shipment ids as numbers. */
export function parseShipmentIds(text: string | undefined): number[] {
  return (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

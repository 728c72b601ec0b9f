import type { CreateShipmentInput } from '@hopbox/contracts/shipments';

/** The session-storage key of the single-package shipment waiting for its payment (SPEC.md section 4). */
export const PENDING_SHIPMENT_KEY = 'pendingShipment';

/** What the wizard keeps while the customer is on the payment page: SPEC.md's creation payload and the price. */
export interface PendingShipment {
  tempReference: string;
  /** The provider's order reference, once the payment link exists; the callback's `ref` must match it. */
  orderRef?: string;
  amount: string;
  currency: string;
  payload: CreateShipmentInput & { addressId: number; packages: string[] };
}

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function savePendingShipment(pending: PendingShipment): void {
  store()?.setItem(PENDING_SHIPMENT_KEY, JSON.stringify(pending));
}

/** Records the payment reference of the stored draft, so the callback can tell it belongs to that payment. */
export function attachOrderRef(orderRef: string): void {
  const pending = readPendingShipment();
  if (pending) savePendingShipment({ ...pending, orderRef });
}

/** The stored pending shipment, or null when there is none or it cannot be read. */
export function readPendingShipment(): PendingShipment | null {
  const raw = store()?.getItem(PENDING_SHIPMENT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingShipment>;
    const payload = value.payload;
    if (!payload || !Array.isArray(payload.packages) || payload.packages.length === 0 || typeof payload.addressId !== 'number') return null;
    return value as PendingShipment;
  } catch {
    return null;
  }
}

export function clearPendingShipment(): void {
  store()?.removeItem(PENDING_SHIPMENT_KEY);
}

/** SPEC.md section 9: a temporary shipment reference is TEMP_ plus a timestamp. */
export function temporaryShipmentReference(now = Date.now()): string {
  return `TEMP_${now}`;
}

// Zod-free, so that the address cards show their recipient without the schema library (decision 085).

/** Decision 027: an address or shipment without a recipient of its own is received by the customer. */
export function recipientOf(recipientName: string | null | undefined, customerName: string): string {
  return recipientName?.trim() || customerName;
}

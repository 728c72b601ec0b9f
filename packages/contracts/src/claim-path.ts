// No zod here: the links to the claims page and its photos are drawn on pages that load no schema.

/** What a claim is filed on: a package or a shipment (its database id), and the reference the customer knows it by. */
export type ClaimSubject = { packageId: number; ref: string } | { shipmentId: number; ref: string };

/** Where a claim's photo is read: the customer's own, or any for staff. */
export const claimPhotoPath = (id: number, side: 'user' | 'staff') => `/api/${side}/claim-photos/${id}/file`;

/** The customer's Claims page, or one claim on it (`/claims/{id}`, as the claim's mails link it). */
export function claimPath(id?: number) {
  return id === undefined ? '/claims' : `/claims/${id}`;
}

/**
 * The claim form about a package or a shipment (decision 066): Package Details and Sent Shipments link here, so the
 * claims feature is reached by its address and no feature imports another.
 */
export function fileClaimPath(subject: ClaimSubject) {
  const about = 'packageId' in subject ? `packageId=${subject.packageId}` : `shipmentId=${subject.shipmentId}`;
  return `/claims/new?${about}&ref=${encodeURIComponent(subject.ref)}`;
}

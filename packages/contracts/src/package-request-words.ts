// No zod here: the Received Packages list and its markers read these words without the schema library (decision 035).

/**
 * The words of package requests (decision 061) without zod: what each type is called, and the API's refusal of a
 * package with an open request. The screens' other words are in `package-requests.ts`, loaded with the forms.
 */
export const PACKAGE_REQUEST_TYPES = ['REPACK', 'REMOVE_PACKAGING', 'SPLIT', 'RETURN_TO_SENDER', 'DISCARD'] as const;
export type PackageRequestType = (typeof PACKAGE_REQUEST_TYPES)[number];

export const PACKAGE_REQUEST_TYPE_LABELS: Record<PackageRequestType, string> = {
  REPACK: 'Repack in a smaller box',
  REMOVE_PACKAGING: 'Remove retail packaging',
  SPLIT: 'Split into several parcels',
  RETURN_TO_SENDER: 'Return to sender',
  DISCARD: 'Discard',
};

/** A shipment, payment or price of packages with a request still open: the API's 409 REQUEST_OPEN. */
export const requestOpenOn = (hopboxIds: readonly string[]) =>
  `${hopboxIds.length === 1 ? `Package ${hopboxIds[0]} has` : `Packages ${hopboxIds.join(', ')} have`} a request the warehouse has not finished: shipping waits until it is done or refused`;

/** Why Package Details offers no edit or photo request while a request is open (the API answers 409 REQUEST_OPEN). */
export const cannotChangeWhileOpen = 'Editing and photo requests wait until the service you asked for is done or refused.';

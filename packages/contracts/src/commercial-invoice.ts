/**
 * The commercial invoice's fixed words (issue "Declare, insure"), zod-free and apart from messages.ts so
 * the pages that load the shared messages at once do not carry them: only the API and its tests read them.
 */

/** GET …/commercial-invoice of a shipment not paid yet (409): its packages and destination may still change. */
export const INVOICE_UNPAID = 'The commercial invoice is issued once the shipment is paid: pay it first, then download the invoice';

/** What a forwarded parcel is for customs: the portal's customers ship their own purchases (decision 037). */
export const REASON_FOR_EXPORT = 'Personal effects, not for resale';

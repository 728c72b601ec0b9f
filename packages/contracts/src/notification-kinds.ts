/**
 * The mails a customer can switch off, and those that always go: zod-free, so the Profile page shows its switches
 * without loading the schema library (decision 085). `notifications.ts` adds the schema of the preferences.
 */

/** Mail a customer can switch off on the Profile page. Password and payment mails always go. */
export const OPTIONAL_NOTIFICATIONS = {
  packageReceived: 'A package arrived in my locker',
  photosReady: 'Photos I asked for are ready',
  shipmentShipped: 'A shipment is on its way',
  shipmentDelivered: 'A shipment was delivered',
  storageEnding: "A package's free storage is ending",
} as const;
export type OptionalNotification = keyof typeof OPTIONAL_NOTIFICATIONS;
export const ALWAYS_SENT_NOTIFICATIONS = ['passwordReset', 'passwordChanged', 'shipmentPaid', 'paymentRefunded'] as const;

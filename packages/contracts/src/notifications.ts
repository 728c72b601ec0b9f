import { z } from 'zod';

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

export const notificationPrefsSchema = z.object({
  packageReceived: z.boolean(),
  photosReady: z.boolean(),
  shipmentShipped: z.boolean(),
  shipmentDelivered: z.boolean(),
  storageEnding: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  packageReceived: true,
  photosReady: true,
  shipmentShipped: true,
  shipmentDelivered: true,
  storageEnding: true,
};

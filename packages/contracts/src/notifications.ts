import { z } from 'zod';

export { ALWAYS_SENT_NOTIFICATIONS, OPTIONAL_NOTIFICATIONS, type OptionalNotification } from './notification-kinds';

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

import type { AppDeps } from '../../deps.ts';
import { notify } from '../notifications/notifications-service.ts';
import { type ClaimedReminder, claimStorageReminders } from './storage-reminders-repository.ts';

/**
 * Sends the free-storage reminders due at the clock's time: claims the packages (7 or 2 days before their
 * free storage ends) and queues one mail per customer listing them, in one transaction, so a mail exists
 * exactly when its claim does. A customer who switched the reminders off has them claimed, not sent.
 */
export async function sendStorageReminders(deps: AppDeps): Promise<{ packages: number; customers: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const claimed = await claimStorageReminders(tx, now);
    const byCustomer = new Map<number, ClaimedReminder[]>();
    for (const pkg of claimed) byCustomer.set(pkg.userId, [...(byCustomer.get(pkg.userId) ?? []), pkg]);
    for (const [userId, pkgs] of byCustomer) await notify.storageEnding(deps, tx, userId, pkgs);
    return { packages: claimed.length, customers: byCustomer.size };
  });
}

import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs, type OptionalNotification } from '@hopbox/contracts/notifications';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import * as templates from '../../providers/mail/templates.ts';
import { updateUser } from '../auth/users-repository.ts';
import { listHosts } from '../hosts/hosts-repository.ts';
import { type AnsweredClaim, claimAnsweredMail, claimMail, type DecidedClaim } from './claim-mail.ts';
import { enqueue } from './outbox-repository.ts';
import { type MovedPackageRequest, packageRequestMail } from './package-request-mail.ts';
import { type MadeRefund, paymentRefundedMail } from './refund-mail.ts';
import { type SecondFactorChange, secondFactorMail } from './second-factor-mail.ts';
import { type StorageEndingPackage, storageEndingMail } from './storage-ending-mail.ts';
import { type SupportMailMessage, supportAnsweredMail, supportTeamMail } from './support-mail.ts';
import { type WelcomedAccount, welcomeMail } from './welcome-mail.ts';

export function notificationPrefs(stored: Record<string, boolean> | null | undefined): NotificationPrefs {
  return { ...DEFAULT_NOTIFICATION_PREFS, ...(stored ?? {}) };
}

/** Saves the customer's switches for optional mails; answers them as saved. */
export async function saveNotificationPrefs(deps: AppDeps, userId: number, prefs: NotificationPrefs) {
  await updateUser(deps.db, userId, { notificationPrefs: prefs });
  await deps.sessions.changed({ userId });
  return prefs;
}

async function recipient(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, prefs: users.notificationPrefs })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Queues a mail in the caller's transaction (so it exists exactly when the action does) and
 * wakes the worker; `optional` mails respect the customer's switches.
 */
async function queue(
  deps: AppDeps,
  db: Executor,
  userId: number,
  kind: string,
  optional: OptionalNotification | null,
  build: (to: { email: string; firstName: string }) => MailMessage,
  attachmentKeys: string[] = [],
) {
  const user = await recipient(db, userId);
  if (!user) return;
  if (optional && !notificationPrefs(user.prefs)[optional]) return;
  const message = build(user);
  await enqueue(db, {
    kind,
    userId,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    attachmentKeys,
  });
  deps.mailWorker.kick();
}

/** Queues a mail to an address that is not an account's (the support team's inbox), in the caller's transaction. */
async function queueTo(deps: AppDeps, db: Executor, kind: string, message: MailMessage) {
  await enqueue(db, {
    kind,
    userId: null,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
  });
  deps.mailWorker.kick();
}

const brand = (deps: AppDeps) => deps.config;

/** Receipt photos carried by the package-received mail: enough to see the parcel, bounded so the mail stays small. */
export const RECEIPT_PHOTOS_IN_MAIL = 3;

export const notify = {
  /** Sign-up's welcome with the locker number and each active warehouse's address (decision 057); always sent. */
  welcome: async (deps: AppDeps, db: Executor, userId: number, account: WelcomedAccount) => {
    const warehouses = await listHosts(db, { active: true });
    await queue(deps, db, userId, 'welcome', null, (u) => welcomeMail(brand(deps), u.email, u.firstName, account, warehouses));
  },
  passwordReset: (deps: AppDeps, db: Executor, userId: number, link: string, validMinutes: number) =>
    queue(deps, db, userId, 'passwordReset', null, (u) =>
      templates.resetPasswordMail(brand(deps), u.email, u.firstName, link, validMinutes),
    ),
  passwordChanged: (deps: AppDeps, db: Executor, userId: number) =>
    queue(deps, db, userId, 'passwordChanged', null, (u) => templates.passwordChangedMail(brand(deps), u.email, u.firstName)),
  /** Goes to the old address, which the change took the account away from. */
  emailChanged: (deps: AppDeps, db: Executor, userId: number, oldEmail: string, newEmail: string) =>
    queue(deps, db, userId, 'emailChanged', null, (u) => templates.emailChangedMail(brand(deps), oldEmail, u.firstName, newEmail)),
  /** Attaches at most RECEIPT_PHOTOS_IN_MAIL photos, and the text says how many of how many. */
  packageReceived: (deps: AppDeps, db: Executor, userId: number, pkg: templates.ReceivedPackage, photoKeys: string[]) => {
    const attached = photoKeys.slice(0, RECEIPT_PHOTOS_IN_MAIL);
    return queue(
      deps,
      db,
      userId,
      'packageReceived',
      'packageReceived',
      (u) => templates.packageReceivedMail(brand(deps), u.email, u.firstName, pkg, { attached: attached.length, total: photoKeys.length }),
      attached,
    );
  },
  photosReady: (deps: AppDeps, db: Executor, userId: number, hopboxId: string, count: number) =>
    queue(deps, db, userId, 'photosReady', 'photosReady', (u) =>
      templates.photosReadyMail(brand(deps), u.email, u.firstName, hopboxId, count),
    ),
  shipmentPaid: (deps: AppDeps, db: Executor, userId: number, receipt: { shipmentIds: string[]; order: templates.ReceiptOrder }) =>
    queue(deps, db, userId, 'shipmentPaid', null, (u) => templates.shipmentPaidMail(brand(deps), u.email, u.firstName, receipt)),
  /** A change to the account's second factor (decision 049); always sent, like a password change. */
  secondFactorChanged: (
    deps: AppDeps,
    db: Executor,
    userId: number,
    change: SecondFactorChange,
    detail: { at: Date; recoveryCodesLeft?: number },
  ) => queue(deps, db, userId, `secondFactor.${change}`, null, (u) => secondFactorMail(brand(deps), u.email, u.firstName, change, detail)),
  /** Staff moved a package request the customer asked for (decision 061): a service ordered and charged for, so always sent. */
  packageRequestMoved: (deps: AppDeps, db: Executor, userId: number, request: MovedPackageRequest) =>
    queue(deps, db, userId, `packageRequest.${request.status.toLowerCase()}`, null, (u) =>
      packageRequestMail(brand(deps), u.email, u.firstName, request),
    ),
  /** Staff decided on a customer's claim (decision 065): asked for more, approved or refused; always sent. */
  claimDecided: (deps: AppDeps, db: Executor, userId: number, claim: DecidedClaim) =>
    queue(deps, db, userId, `claim.${claim.status.toLowerCase()}`, null, (u) => claimMail(brand(deps), u.email, u.firstName, claim)),
  /** A customer answered staff's question on a claim: the team's inbox (SUPPORT_EMAIL) is told, with a link to decide it. */
  claimAnswered: (deps: AppDeps, db: Executor, claim: AnsweredClaim) =>
    queueTo(deps, db, 'claimAnswered', claimAnsweredMail(brand(deps), deps.config.supportEmail, claim)),
  /** Money given back from a payment: how much and why (decision 045); always sent, like the receipt. */
  paymentRefunded: (deps: AppDeps, db: Executor, userId: number, refund: MadeRefund) =>
    queue(deps, db, userId, 'paymentRefunded', null, (u) => paymentRefundedMail(brand(deps), u.email, u.firstName, refund)),
  /** A consolidation is packed and priced: what to pay and where (decision 026). */
  consolidationReady: (
    deps: AppDeps,
    db: Executor,
    userId: number,
    ready: Omit<Parameters<typeof templates.consolidationReadyMail>[3], 'payUrl'>,
  ) =>
    queue(deps, db, userId, 'consolidationReady', null, (u) =>
      templates.consolidationReadyMail(brand(deps), u.email, u.firstName, {
        ...ready,
        payUrl: `${deps.config.publicUrl}/shipments-progress?pay=${encodeURIComponent(ready.shipmentId)}`,
      }),
    ),
  /** With the AWB and a link to the timeline (issue "Carrier"). */
  shipmentShipped: (deps: AppDeps, db: Executor, userId: number, shipment: templates.TrackedShipment) =>
    queue(deps, db, userId, 'shipmentShipped', 'shipmentShipped', (u) =>
      templates.shipmentShippedMail(brand(deps), u.email, u.firstName, shipment),
    ),
  shipmentDelivered: (deps: AppDeps, db: Executor, userId: number, shipment: templates.TrackedShipment) =>
    queue(deps, db, userId, 'shipmentDelivered', 'shipmentDelivered', (u) =>
      templates.shipmentDeliveredMail(brand(deps), u.email, u.firstName, shipment),
    ),
  /** Staff answered a support conversation: the customer reads the answer and a link to reply (decision 058). */
  supportAnswered: (deps: AppDeps, db: Executor, userId: number, message: SupportMailMessage & { authorName: string | null }) =>
    queue(deps, db, userId, 'supportAnswered', null, (u) => supportAnsweredMail(brand(deps), u.email, u.firstName, message)),
  /** A customer wrote in a support conversation: the team's inbox (SUPPORT_EMAIL) is told, with a link to the console. */
  supportTeam: (deps: AppDeps, db: Executor, message: Parameters<typeof supportTeamMail>[2]) =>
    queueTo(deps, db, 'supportMessage', supportTeamMail(brand(deps), deps.config.supportEmail, message)),
  /** Free storage ends within 7 or 2 days for these packages (one mail per customer per reminder run). */
  storageEnding: (deps: AppDeps, db: Executor, userId: number, pkgs: StorageEndingPackage[]) =>
    queue(deps, db, userId, 'storageEnding', 'storageEnding', (u) => storageEndingMail(brand(deps), u.email, u.firstName, pkgs)),
};

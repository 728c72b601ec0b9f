import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, detailsBlock, layout, mailDateTime, supportInbox } from '../../providers/mail/templates.ts';

/** A change to an account's second factor, as its mail tells it (decision 049); always sent, like a password change. */
export type SecondFactorChange = 'enabled' | 'replaced' | 'disabled' | 'recoveryCodesRegenerated' | 'recoveryCodeUsed';

const SUBJECTS: Record<SecondFactorChange, (brandName: string) => string> = {
  enabled: (b) => `Two-factor authentication is on for your ${b} account`,
  replaced: (b) => `The authenticator app of your ${b} account was replaced`,
  disabled: (b) => `Two-factor authentication was turned off for your ${b} account`,
  recoveryCodesRegenerated: (b) => `New recovery codes for your ${b} account`,
  recoveryCodeUsed: (b) => `A recovery code was used to sign in to your ${b} account`,
};

const WHAT_HAPPENED: Record<SecondFactorChange, string> = {
  enabled:
    'Two-factor authentication was just turned on for your account: signing in now takes a code from your authenticator app as well as your password. Every other signed-in device was signed out.',
  replaced:
    'Your account was just moved to a new authenticator app: codes of the old one no longer work, and your recovery codes were replaced. Every other signed-in device was signed out.',
  disabled: 'Two-factor authentication was just turned off for your account: signing in takes only your password again.',
  recoveryCodesRegenerated: 'New recovery codes were just created for your account. The old ones no longer work.',
  recoveryCodeUsed: 'One of your recovery codes was just used to sign in to your account. Each code works once.',
};

/** The mail of one change: what happened, when, and what to do if it was not the owner. */
export function secondFactorMail(
  brand: Brand,
  to: string,
  firstName: string,
  change: SecondFactorChange,
  detail: { at: Date; recoveryCodesLeft?: number },
): MailMessage {
  const rows: [string, string][] = [['When', mailDateTime(detail.at, brand.timeZone)]];
  if (detail.recoveryCodesLeft !== undefined) rows.push(['Recovery codes left', String(detail.recoveryCodesLeft)]);
  return layout(
    brand,
    to,
    SUBJECTS[change](brand.brandName),
    [
      `Hello ${firstName},`,
      WHAT_HAPPENED[change],
      detailsBlock(rows),
      `If this was not you, reset your password at once and write to ${supportInbox(brand)}: someone may know your password.`,
    ],
    { label: 'Review your security settings', url: `${brand.publicUrl}/profile` },
  );
}

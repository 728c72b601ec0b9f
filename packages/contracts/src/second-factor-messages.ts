// Apart from messages.ts, which every page loads with the entry: only the sign-in's code step, enrolment and
// Profile's section show these (decision 035's rule for /signin).

/** The second factor's messages (decision 049): the sign-in's code step, enrolment and Profile's section. */
export const secondFactorMessages = {
  required: 'Set up two-factor authentication to use the warehouse console.',
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'Invalid verification code. Please try again.',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  tokenInvalid: 'This sign-in has expired. Please sign in again.',
  setupRequired: 'Start the set-up again: scan a new QR code first.',
  notEnabled: 'Two-factor authentication is not turned on for this account.',
  mandatory: 'Staff and admin accounts must keep two-factor authentication on; you can replace the authenticator instead.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  recoveryCodesRegenerated: 'New recovery codes created. The old ones no longer work.',
  verifyFailed: 'Failed to verify the code',
  setupFailed: 'Failed to set up two-factor authentication',
} as const;

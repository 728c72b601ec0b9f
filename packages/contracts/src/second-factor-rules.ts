// No zod here: the sign-in's code step checks the code and reads the answer without the schema library
// (decision 035); second-factor.ts's schemas say the same for the API. Not in constants.ts, which every page
// loads with the entry.
import { secondFactorMessages } from './second-factor-messages.ts';

/**
 * The second factor (decision 049): a TOTP code of RFC 6238's defaults (6 digits, 30-second steps, SHA-1, what
 * every authenticator app reads), accepted one step either side for clock drift; the sign-in's mfaToken lives a
 * few minutes and takes a few codes; wrong codes are limited per client and per account like sign-in.
 */
export const SECOND_FACTOR = {
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpWindowSteps: 1,
  mfaTokenMinutes: 5,
  codesPerMfaToken: 5,
  accountFailureLimit: 10,
  clientFailureLimit: 30,
  recoveryCodeCount: 10,
} as const;

/** How a sign-in's second step can be passed: a code of the authenticator app, or a recovery code. */
export const MFA_METHODS = ['totp', 'recovery_code'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Sign-in's answer for an account with a second factor, instead of the session (decision 049). */
export interface MfaChallenge {
  success: true;
  mfaRequired: true;
  /** Short-lived and single-use: POST /api/auth/mfa/verify exchanges it, with a code, for the session. */
  mfaToken: string;
  methods: MfaMethod[];
}

/** mfaChallengeSchema's check: the code step's answer, or null. */
export function readMfaChallenge(value: unknown): MfaChallenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const { success, mfaRequired, mfaToken, methods } = value as Record<string, unknown>;
  if (success !== true || mfaRequired !== true || typeof mfaToken !== 'string' || !mfaToken || !Array.isArray(methods)) return null;
  const known = methods.filter((m): m is MfaMethod => (MFA_METHODS as readonly unknown[]).includes(m));
  return { success: true, mfaRequired: true, mfaToken, methods: known };
}

/** The characters of a recovery code: Crockford's base32 in lower case (no i, l, o or u to misread). */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** A recovery code is this many characters (50 random bits), shown as two groups of five. */
export const RECOVERY_CODE_LENGTH = 10;

const TOTP_PATTERN = new RegExp(`^\\d{${SECOND_FACTOR.totpDigits}}$`);
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** A code as the user typed or pasted it, made comparable: spaces and dashes dropped, lower case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** True for a code of the authenticator app's shape (six digits, once normalized). */
export function isTotpCode(code: string): boolean {
  return TOTP_PATTERN.test(normalizeCode(code));
}

/** True for a code of the recovery codes' shape (once normalized). */
export function isRecoveryCode(code: string): boolean {
  return RECOVERY_PATTERN.test(normalizeCode(code));
}

/** A recovery code as it is shown and printed: `abcde-fghjk`. */
export function formatRecoveryCode(code: string): string {
  const plain = normalizeCode(code);
  return `${plain.slice(0, RECOVERY_CODE_LENGTH / 2)}-${plain.slice(RECOVERY_CODE_LENGTH / 2)}`;
}

/**
 * What is wrong with a code before it is sent, or null: empty, or of neither shape. `method` says which
 * the form asks for, so the message names it; the API accepts either shape at the sign-in's second step.
 */
export function codeProblem(code: string, method: MfaMethod = 'totp'): string | null {
  const plain = normalizeCode(code);
  if (!plain) return method === 'totp' ? secondFactorMessages.codeRequired : secondFactorMessages.recoveryCodeRequired;
  if (method === 'totp' ? !TOTP_PATTERN.test(plain) : !RECOVERY_PATTERN.test(plain)) return secondFactorMessages.codeInvalid;
  return null;
}

import { SECOND_FACTOR } from '@hopbox/contracts/second-factor-rules';
import { Secret, TOTP } from 'otpauth';

const { totpDigits: digits, totpPeriodSeconds: period, totpWindowSteps: window } = SECOND_FACTOR;

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, six digits, 30-second steps. */
function totp(secret: string, label = 'account', issuer = '') {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits, period, label, issuer });
}

/** A new secret of 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** True for text that is a base32 secret of at least 80 bits (RFC 4226's minimum is 128; 80 is what older apps used). */
export function isTotpSecret(text: string): boolean {
  return /^[A-Z2-7]{16,}=*$/.test(text);
}

/** The key URI an authenticator app reads from the QR code: `otpauth://totp/Issuer:account?secret=…`. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The time step of a moment (Unix seconds over the period). */
export const totpStep = (atMs: number) => Math.floor(atMs / 1000 / period);

/** The code of the secret at a moment (for the CLI's and the tests' own use). */
export function totpCode(secret: string, atMs = Date.now()): string {
  return totp(secret).generate({ timestamp: atMs });
}

/**
 * The time step a code is the secret's code for, looking at the step of `atMs` and one step either side
 * (clock drift), or null. The comparison is constant-time (otpauth's `timingSafeEqual`); the caller
 * refuses a step it has already accepted.
 */
export function totpCodeStep(secret: string, code: string, atMs = Date.now()): number | null {
  if (code.length !== digits) return null;
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window });
  return delta === null ? null : totpStep(atMs) + delta;
}

import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  formatRecoveryCode,
  normalizeCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR,
} from '@hopbox/contracts/second-factor-rules';
import { hashToken } from '../../lib/crypto.ts';

/** New recovery codes (50 random bits each), as shown once: `abcde-fghjk`. */
export function newRecoveryCodes(count: number = SECOND_FACTOR.recoveryCodeCount): string[] {
  return Array.from({ length: count }, () =>
    formatRecoveryCode(
      Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(''),
    ),
  );
}

/** What is stored of a recovery code: the SHA-256 of its normalized form (enough for 50 random bits; no salt needed). */
export const recoveryCodeHash = (code: string) => hashToken(normalizeCode(code));

/**
 * The stored code the typed one matches, or undefined. Every stored hash is compared, in constant time,
 * whether or not one already matched, so the time taken says nothing of which matched.
 */
export function matchRecoveryCode<T extends { codeHash: string }>(stored: T[], code: string): T | undefined {
  const typed = Buffer.from(recoveryCodeHash(code), 'hex');
  let found: T | undefined;
  for (const row of stored) {
    const candidate = Buffer.from(row.codeHash, 'hex');
    if (candidate.length === typed.length && timingSafeEqual(candidate, typed) && !found) found = row;
  }
  return found;
}

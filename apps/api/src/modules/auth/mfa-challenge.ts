import type { MfaChallenge } from '@hopbox/contracts/second-factor-rules';
import { SECOND_FACTOR } from '@hopbox/contracts/second-factor-rules';
import type { Executor } from '../../db/client.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { minutesFromNow } from '../../lib/time.ts';
import { hasTotpFactor, insertChallenge } from './mfa-repository.ts';

/**
 * What sign-in answers once the password is right: the session when the account has no second factor
 * (null here), or a challenge whose mfaToken (256 random bits, stored as its SHA-256, a few minutes long)
 * the code step exchanges for the session (decision 049).
 */
export async function secondFactorChallenge(db: Executor, userId: number): Promise<MfaChallenge | null> {
  if (!(await hasTotpFactor(db, userId))) return null;
  const mfaToken = randomToken();
  await insertChallenge(db, userId, hashToken(mfaToken), minutesFromNow(SECOND_FACTOR.mfaTokenMinutes));
  return { success: true, mfaRequired: true, mfaToken, methods: ['totp', 'recovery_code'] };
}

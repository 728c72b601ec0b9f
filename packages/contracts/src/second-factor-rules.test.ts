import { describe, expect, it } from 'vitest';
import { mfaChallengeSchema } from './second-factor.ts';
import { secondFactorMessages } from './second-factor-messages.ts';
import { codeProblem, formatRecoveryCode, isRecoveryCode, isTotpCode, normalizeCode, readMfaChallenge } from './second-factor-rules.ts';

describe('second factor rules (decision 049)', () => {
  it('reads the code step answer as mfaChallengeSchema does', () => {
    const good = { success: true, mfaRequired: true, mfaToken: 'abc', methods: ['totp', 'recovery_code'] };
    expect(readMfaChallenge(good)).toEqual(mfaChallengeSchema.parse(good));
    for (const bad of [
      null,
      {},
      { ...good, mfaRequired: false },
      { ...good, mfaToken: '' },
      { ...good, methods: 'totp' },
      { token: 'x' },
    ]) {
      expect(readMfaChallenge(bad)).toBeNull();
    }
  });

  it('takes codes as typed or pasted: spaces and dashes dropped, any case', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isRecoveryCode('ABCDE-FGHJK')).toBe(true);
    expect(isRecoveryCode('abcde-fghju')).toBe(false);
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('abcde-fghjk');
  });

  it('names what is wrong with a code before it is sent', () => {
    expect(codeProblem('', 'totp')).toBe(secondFactorMessages.codeRequired);
    expect(codeProblem('  ', 'recovery_code')).toBe(secondFactorMessages.recoveryCodeRequired);
    expect(codeProblem('12a456', 'totp')).toBe(secondFactorMessages.codeInvalid);
    expect(codeProblem('123456', 'totp')).toBeNull();
    expect(codeProblem('abcde-12345', 'recovery_code')).toBeNull();
  });
});

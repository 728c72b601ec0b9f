import { describe, expect, it } from 'vitest';
import { secretBox } from '../../src/lib/secret-box.ts';
import { matchRecoveryCode, newRecoveryCodes, recoveryCodeHash } from '../../src/modules/auth/recovery-codes.ts';
import { totpCode, totpCodeStep, totpStep, totpUri } from '../../src/modules/auth/totp.ts';

/** RFC 6238 appendix B's SHA-1 secret, the ASCII "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Appendix B's SHA-1 test vectors (8 digits): ours are the last 6 of each, the same truncation modulo 10^6. */
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives at %i s the code of the RFC test vector %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it.each(RFC_VECTORS)('accepts at %i s the vector %s and names its time step', (seconds, code) => {
    expect(totpCodeStep(RFC_SECRET, code.slice(-6), seconds * 1000)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the code of one step either side for clock drift, and none further', () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    expect(totpCodeStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpCodeStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpCodeStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(totpCodeStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
  });

  it('refuses a wrong code, and codes of another length', () => {
    const now = 59_000;
    expect(totpCodeStep(RFC_SECRET, '287083', now)).toBeNull();
    expect(totpCodeStep(RFC_SECRET, '94287082', now)).toBeNull();
    expect(totpCodeStep(RFC_SECRET, '28708', now)).toBeNull();
  });

  it('writes the key URI authenticator apps read: issuer, account, secret, SHA1, 6 digits, 30 s', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'sam@hopbox.example', 'Hopbox'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Hopbox:sam@hopbox.example');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Hopbox',
      secret: RFC_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, matched however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = codes.map((code, id) => ({ id, codeHash: recoveryCodeHash(code) }));
    const third = codes[2] as string;
    expect(matchRecoveryCode(stored, third)?.id).toBe(2);
    expect(matchRecoveryCode(stored, ` ${third.toUpperCase().replace('-', '')} `)?.id).toBe(2);
    expect(matchRecoveryCode(stored, 'aaaaa-aaaaa')).toBeUndefined();
  });
});

describe('secret box', () => {
  it('seals a secret so that it is not readable, and opens it only under the same key', () => {
    const box = secretBox('an-app-secret-that-is-long-enough-for-tests', 'totp-secret');
    const sealed = box.seal(RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(box.seal(RFC_SECRET)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(RFC_SECRET);
    expect(() => secretBox('another-app-secret-that-is-long-enough!!', 'totp-secret').open(sealed)).toThrow();
    expect(() => secretBox('an-app-secret-that-is-long-enough-for-tests', 'another-purpose').open(sealed)).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    expect(() => box.open([v, iv, `${body}A`, tag].join('.'))).toThrow();
  });
});

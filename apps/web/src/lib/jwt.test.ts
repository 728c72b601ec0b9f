import { describe, expect, it } from 'vitest';
import { isTokenExpired, msUntilExpiry, readJwtExpiry } from './jwt';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

describe('readJwtExpiry', () => {
  it('reads the exp claim in seconds', () => {
    expect(readJwtExpiry(fakeJwt({ sub: '1', exp: 1_700_000_000 }))).toBe(1_700_000_000);
  });

  it('reads payloads that need base64url padding and characters', () => {
    const token = fakeJwt({ sub: '1', name: '¿?>>~~', exp: 42 });
    expect(readJwtExpiry(token)).toBe(42);
  });

  it('is null for tokens without a readable exp', () => {
    expect(readJwtExpiry('not-a-jwt')).toBeNull();
    expect(readJwtExpiry('a.%%%.c')).toBeNull();
    expect(readJwtExpiry(fakeJwt({ sub: '1' }))).toBeNull();
    expect(readJwtExpiry(fakeJwt({ exp: 'tomorrow' }))).toBeNull();
    expect(readJwtExpiry(`x.${btoa('null')}.y`)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const now = 1_700_000_000_000;
  const token = fakeJwt({ exp: now / 1000 + 600 });

  it('is false before exp and true at or after it', () => {
    expect(isTokenExpired(token, now)).toBe(false);
    expect(isTokenExpired(token, now + 600_000)).toBe(true);
    expect(isTokenExpired(token, now + 700_000)).toBe(true);
  });

  it('counts the margin as already expired (time to refresh)', () => {
    expect(isTokenExpired(token, now, 60_000)).toBe(false);
    expect(isTokenExpired(token, now + 540_000, 60_000)).toBe(true);
  });

  it('treats an unreadable token as expired', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
  });

  it('tells the time left', () => {
    expect(msUntilExpiry(token, now)).toBe(600_000);
    expect(msUntilExpiry('garbage', now)).toBeNull();
  });
});

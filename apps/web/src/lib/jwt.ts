/**
 * Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it; the server
 * verifies, the browser only needs to know when to refresh. Null for anything unreadable.
 */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * True when the token has expired, or will within `marginMs`. A token whose expiry cannot be read
 * counts as expired: SPEC.md's session is valid only while its token is not expired.
 */
export function isTokenExpired(token: string, now: number = Date.now(), marginMs = 0): boolean {
  const exp = readJwtExpiry(token);
  if (exp === null) return true;
  return exp * 1000 - marginMs <= now;
}

/** Milliseconds until the token expires (negative once it has), or null when unreadable. */
export function msUntilExpiry(token: string, now: number = Date.now()): number | null {
  const exp = readJwtExpiry(token);
  return exp === null ? null : exp * 1000 - now;
}

import { ACCESS_TOKEN_TTL_SECONDS, ROLES, type Role } from '@hopbox/contracts/constants';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';

const ISSUER = 'hopbox-api';
const AUDIENCE = 'hopbox-portal';
const ALGORITHM = 'HS256';

const keyCache = new WeakMap<Config, Uint8Array>();
function key(config: Config) {
  let k = keyCache.get(config);
  if (!k) {
    k = new TextEncoder().encode(config.jwtSecret);
    keyCache.set(config, k);
  }
  return k;
}

export interface AccessClaims {
  userId: number;
  sessionId: number;
  role: Role;
  tenantId: number;
}

export async function signAccessToken(config: Config, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role, tid: claims.tenantId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(config));
}

/**
 * Tokens already verified, with their claims and expiry: the same string verifies the same way until
 * it expires, and checking the HMAC again on every request was a tenth of the list API's CPU time.
 * Bounded (oldest first out); a forged or malformed token is never kept. Decision 020.
 */
const VERIFIED_MAX = 10_000;
type Verified = Map<string, { claims: AccessClaims; expiresAtMs: number }>;
/** Per configuration, so a token is only ever trusted under the secret that verified it. */
const verifiedByConfig = new WeakMap<Config, Verified>();

function verifiedFor(config: Config): Verified {
  let verified = verifiedByConfig.get(config);
  if (!verified) {
    verified = new Map();
    verifiedByConfig.set(config, verified);
  }
  return verified;
}

function rememberVerified(verified: Verified, token: string, claims: AccessClaims, expiresAtMs: number) {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, { claims, expiresAtMs });
}

/** The claims of a valid token, or null for any token that is forged, expired or malformed. */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  const verified = verifiedFor(config);
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    const sessionId = Number(payload.sid);
    const role = payload.role as Role;
    if (!Number.isInteger(userId) || !Number.isInteger(sessionId) || !ROLES.includes(role)) return null;
    const claims = { userId, sessionId, role, tenantId: Number(payload.tid) };
    rememberVerified(verified, token, claims, (payload.exp as number) * 1000);
    return claims;
  } catch {
    return null;
  }
}

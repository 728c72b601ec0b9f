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

/** The claims of a valid token, or null for any token that is forged, expired or malformed. */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
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
    return { userId, sessionId, role, tenantId: Number(payload.tid) };
  } catch {
    return null;
  }
}

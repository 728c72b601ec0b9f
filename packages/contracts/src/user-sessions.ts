import { z } from 'zod';

// Apart from session.ts (the signed-in user, read on every page): only Profile and its API read these.

/**
 * A session's last seen time (and the address it was used from) moves at most this often: a signed-in request
 * later than that after the last write moves it, so the list is never more than this behind (decision 050).
 */
export const SESSION_SEEN_INTERVAL_MINUTES = 5;

/** One signed-in session of the account, as Profile lists it. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  /** "iPhone", "Desktop", "Tablet"; null when the user agent does not say. */
  device: z.string().nullable(),
  /** "Chrome 131"; null when the user agent does not say. */
  browser: z.string().nullable(),
  /** "macOS Catalina", "Android 14"; null when the user agent does not say. */
  os: z.string().nullable(),
  /** When the session signed in. */
  firstSeenAt: z.string(),
  /** When it last made a request (this request, for the current session). */
  lastSeenAt: z.string(),
  /** The address it was last used from, its host part hidden ("203.0.113.*"); null when unknown. */
  ipAddress: z.string().nullable(),
  /** The country of that address, from the database the API ships with; null when it does not know. */
  place: z.string().nullable(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsResponseSchema = z.object({ success: z.literal(true), data: z.array(userSessionSchema) });

export const revokeOthersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many sessions were signed out. */
  revoked: z.number().int(),
});

export const sessionMessages = {
  notFound: 'Session not found: it may be signed out already',
  signedOut: 'That session is signed out',
  othersSignedOut: (count: number) =>
    count === 0 ? 'No other session was signed in' : `Signed out of ${count} other session${count === 1 ? '' : 's'}`,
} as const;

/** Roles an account can have. Sign-up only ever creates `user`; staff and admin come from the CLI. */
export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Display labels for roles (SPEC.md: the profile shows the role, default label User). */
export const ROLE_LABELS: Record<Role, string> = { user: 'User', staff: 'Staff', admin: 'Admin' };

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * SPEC.md's simple x@y.z email rule: a name without spaces or @, then a domain of at least two
 * dot-separated labels. Labels cannot contain dots, so every character has one way to match and the
 * test takes linear time (the old `[^\s@]+\.[^\s@]+` backtracked quadratically on runs of dots).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const PASSWORD_MIN_LENGTH = 6;
/** Staff and admin passwords are longer: their accounts reach every customer's data. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const PHONE_MAX_DIGITS = 16;

/** Access tokens live 15 minutes; the web app refreshes a minute before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 30;
/** A session (a refresh-token family) ends this long after its sign-in, however often it was refreshed. */
export const SESSION_MAX_AGE_DAYS = 30;

/** The window of the sign-in and forgot-password limits (docs/decisions/004-auth-rate-limits.md). */
export const AUTH_LIMIT_WINDOW_MINUTES = 15;
/** Failed sign-ins allowed per (client, email) inside the window before a 429. */
export const SIGNIN_FAILURE_LIMIT = 10;
/** Failed sign-ins allowed per client, whatever the emails, inside the window before a 429. */
export const SIGNIN_CLIENT_FAILURE_LIMIT = 30;
/**
 * Failed sign-ins for one email from all clients together are never refused (that would let anyone
 * lock the owner out); past the free ones each attempt waits, doubling from the base up to the cap.
 */
export const SIGNIN_SLOWDOWN = { freeFailures: 5, baseMs: 250, maxMs: 3000 } as const;
/** Forgot-password requests allowed per client and per email inside the window. */
export const FORGOT_PASSWORD_LIMIT = 5;

/** A number of requests per client in a fixed window of minutes. */
export interface RateLimitRule {
  limit: number;
  windowMinutes: number;
}
/** Defaults of the per-client limits the API reads from RATE_LIMIT_* variables. */
export const RATE_LIMIT_DEFAULTS = {
  signUp: { limit: 20, windowMinutes: 60 },
  refresh: { limit: 120, windowMinutes: 15 },
  resetPassword: { limit: 10, windowMinutes: 15 },
  /** Password changes and email changes, both of which check the current password. */
  passwordChange: { limit: 10, windowMinutes: 15 },
  /** Claims of unidentified parcels per customer, right or wrong: enough for typos, too few to guess numbers. */
  claim: { limit: 5, windowMinutes: 60 },
} as const satisfies Record<string, RateLimitRule>;

/** At most this many argon2id hashes or checks run at once; the rest wait in a bounded queue. */
export const PASSWORD_HASH_CONCURRENCY = 4;
export const PASSWORD_HASH_QUEUE_WAIT_MS = 2000;
export const PASSWORD_HASH_QUEUE_MAX = 100;

export const PAGE_SIZE = 10;
/** What the pager offers; the API takes any page size from 1 to PAGE_SIZE_MAX. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const PAGE_SIZE_MAX = 100;
/** The most rows a list answers when it is not paged (its newest, or first in its order). */
export const LIST_MAX_ROWS = 500;
/** How deep a request's JSON may nest; ours nest two levels, a provider's webhook a few more. */
export const INPUT_MAX_DEPTH = 32;
export const DEFAULT_CURRENCY = 'AED';

/** SPEC.md section 9 timings, in milliseconds. */
export const TIMINGS = {
  sessionExpiredToast: 4000,
  signInSuccessToast: 2000,
  /** SPEC.md: the move to the dashboard, about 100 ms after the sign-in toast. */
  signInRedirect: 100,
  signUpRedirect: 2000,
  resetRedirect: 3000,
  copyCheckMark: 2000,
} as const;

/** Browser storage keys of SPEC.md section 3. */
export const STORAGE_KEYS = {
  token: 'user_authToken',
  refreshToken: 'user_refreshToken',
  user: 'user_user',
  userName: 'user_userName',
  userEmail: 'user_userEmail',
  userId: 'user_userId',
  tenantId: 'user_tenantId',
  userRole: 'user_userRole',
  theme: 'theme',
} as const;

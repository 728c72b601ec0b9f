import { STORAGE_KEYS } from '@hopbox/contracts/constants';
import type { SessionUser } from '@hopbox/contracts/session';
import { readSessionUser } from '@hopbox/contracts/session-user';

/** The signed-in customer as the browser keeps it (SPEC.md section 3, browser storage keys). */
export interface Session {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

/** The part of `Storage` the session needs; tests pass a map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.userEmail,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.tenantId,
  STORAGE_KEYS.userRole,
] as const;

function parseUser(json: string | null): SessionUser | null {
  if (!json) return null;
  try {
    return readSessionUser(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * The stored session, or null. SPEC.md section 6: a session needs the token, name, email, id,
 * tenant id and role; without any of them (or with an unreadable user record) there is none.
 * Expiry is not judged here (see `isTokenExpired`), because an expired token can still be refreshed.
 */
export function readSession(store: KeyValueStore): Session | null {
  const token = store.getItem(STORAGE_KEYS.token);
  const required = [
    token,
    store.getItem(STORAGE_KEYS.userName),
    store.getItem(STORAGE_KEYS.userEmail),
    store.getItem(STORAGE_KEYS.userId),
    store.getItem(STORAGE_KEYS.tenantId),
    store.getItem(STORAGE_KEYS.userRole),
  ];
  if (!token || required.some((value) => !value)) return null;
  const user = parseUser(store.getItem(STORAGE_KEYS.user));
  if (!user) return null;
  return { token, refreshToken: store.getItem(STORAGE_KEYS.refreshToken) || null, user };
}

/** Stores the user record and the separate keys SPEC.md lists beside it. */
export function writeSessionUser(store: KeyValueStore, user: SessionUser): void {
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  store.setItem(STORAGE_KEYS.userName, user.fullName);
  store.setItem(STORAGE_KEYS.userEmail, user.email);
  store.setItem(STORAGE_KEYS.userId, String(user.id));
  store.setItem(STORAGE_KEYS.tenantId, String(user.tenantId));
  store.setItem(STORAGE_KEYS.userRole, user.role);
}

export function writeSession(store: KeyValueStore, session: Session): void {
  store.setItem(STORAGE_KEYS.token, session.token);
  if (session.refreshToken) store.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else store.removeItem(STORAGE_KEYS.refreshToken);
  writeSessionUser(store, session.user);
}

/** Removes every session key; the theme stays. */
export function clearStoredSession(store: KeyValueStore): void {
  for (const key of SESSION_KEYS) store.removeItem(key);
}

/* The browser's session: one cached snapshot of localStorage that components subscribe to. */

/** Why the last session ended: a sign-out goes to /signin plainly, an expiry remembers the page. */
export type SessionEndReason = 'signout' | 'expired';

let snapshot: Session | null | undefined;
let lastEndReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notify() {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** The current session (a stable object until the session changes), or null. */
export function getSession(): Session | null {
  if (snapshot === undefined) {
    const store = browserStore();
    snapshot = store ? readSession(store) : null;
  }
  return snapshot;
}

/** Re-reads storage, e.g. after waiting for another tab that may have refreshed the token. */
export function reloadSession(): Session | null {
  snapshot = undefined;
  return getSession();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveSession(session: Session): void {
  const store = browserStore();
  if (!store) return;
  writeSession(store, session);
  lastEndReason = null;
  notify();
}

export function saveSessionUser(user: SessionUser): void {
  const store = browserStore();
  if (!store) return;
  writeSessionUser(store, user);
  notify();
}

export function endSession(reason: SessionEndReason): void {
  const store = browserStore();
  lastEndReason = reason;
  if (store) clearStoredSession(store);
  notify();
}

export function sessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

let enrolment = false;

/**
 * Sends the account to enrolment (or stops): a staff or admin sign-in answered the session without the code
 * step, or an API call answered 403 MFA_REQUIRED. The console, which follows the session, then shows the
 * enrolment page instead of its pages (decision 049).
 */
export function requireEnrolment(needed = true): void {
  enrolment = needed;
  notify();
}

export const enrolmentRequired = () => enrolment;

if (typeof window !== 'undefined') {
  const watched = new Set<string>(SESSION_KEYS);
  // Another tab signed in, out, or refreshed the token.
  window.addEventListener('storage', (event) => {
    if (event.key === null || watched.has(event.key)) notify();
  });
}

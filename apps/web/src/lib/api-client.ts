import { TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { signInResponseSchema } from '@hopbox/contracts/session';
import { toast } from 'sonner';
import { ApiError, failureFromResponse, networkFailure } from './api-errors';
import { isTokenExpired } from './jwt';
import { endSession, getSession, reloadSession, saveSession } from './session';

/** Refresh this long before the access token (15 minutes) expires. */
export const REFRESH_MARGIN_MS = 60_000;

/** The `{ success, data }` answer most list and detail routes give. */
export interface DataEnvelope<T> {
  success: true;
  data: T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Send the session's bearer token and apply the session rules (default true). */
  auth?: boolean;
  /** A bearer token for a call made outside the session rules (sign-out sends the token it ends). */
  bearer?: string;
  signal?: AbortSignal;
}

type RefreshResult = 'ok' | 'failed' | 'offline';
let refreshing: Promise<RefreshResult> | null = null;

/**
 * Rotates the refresh token for a new access token. One refresh at a time in this tab, and one
 * across tabs (Web Locks), since presenting a rotated refresh token twice revokes the session.
 * `staleToken` is the token the caller found too old: if another tab already replaced it, done.
 */
export function refreshSession(staleToken?: string): Promise<RefreshResult> {
  refreshing ??= withRefreshLock(() => runRefresh(staleToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('hopbox-session-refresh', task) as Promise<Awaited<T>> as Promise<T>) : task();
}

async function runRefresh(staleToken?: string): Promise<RefreshResult> {
  const session = reloadSession();
  if (!session?.refreshToken) return 'failed';
  if (staleToken && session.token !== staleToken && !isTokenExpired(session.token, Date.now(), REFRESH_MARGIN_MS)) return 'ok';
  let response: Response;
  try {
    response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    });
  } catch {
    return 'offline';
  }
  if (!response.ok) return 'failed';
  const parsed = signInResponseSchema.safeParse(await readJson(response));
  if (!parsed.success) return 'failed';
  saveSession({ token: parsed.data.token, refreshToken: parsed.data.refreshToken, user: parsed.data.user });
  return 'ok';
}

/**
 * Ends an expired session: SPEC.md's toast (4 s) and a cleared session; the protected routes
 * then send the user to /signin, remembering where they were.
 */
export function expireSession(): void {
  if (!getSession()) return;
  endSession('expired');
  toast.error(messages.transport.sessionExpired, { id: 'session-expired', duration: TIMINGS.sessionExpiredToast });
}

function sessionGone(): ApiError {
  return new ApiError({ status: 401, message: messages.transport.sessionExpired, code: 'SESSION_EXPIRED', endsSession: true });
}

/** A bearer token that is good for at least another minute, refreshing first when needed. */
async function currentToken(): Promise<string> {
  const session = getSession();
  if (!session) throw sessionGone();
  if (!isTokenExpired(session.token, Date.now(), REFRESH_MARGIN_MS)) return session.token;
  const result = await refreshSession(session.token);
  if (result === 'offline') throw networkFailure();
  const fresh = getSession();
  if (result === 'failed' || !fresh) {
    expireSession();
    throw sessionGone();
  }
  return fresh.token;
}

async function readJson(response: Response): Promise<unknown> {
  const body = await response.text();
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkFailure();
  }
}

/**
 * The one way the app calls the API: bearer token and JSON in, parsed JSON out, and every failure
 * turned into an `ApiError` with SPEC.md section 8's message. A 401 is retried once after a refresh;
 * when the session cannot be saved it is ended here, in one place.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const authenticated = options.auth ?? true;
  let token = authenticated ? await currentToken() : (options.bearer ?? null);
  let response = await send(path, options, token);

  if (authenticated && response.status === 401 && token) {
    const result = await refreshSession(token);
    if (result === 'offline') throw networkFailure();
    token = result === 'ok' ? (getSession()?.token ?? null) : null;
    if (token) response = await send(path, options, token);
  }

  const body = await readJson(response);
  if (!response.ok) {
    const failure = failureFromResponse(response.status, body, authenticated);
    if (failure.endsSession) expireSession();
    throw failure;
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/*
 * Beyond JSON: multipart forms, uploads whose progress is shown (XMLHttpRequest, since fetch reports
 * no upload progress), and files read as blobs. They follow the same session rules as `apiRequest`:
 * a token refreshed before it expires, one retry after a 401, and SPEC.md section 8's messages.
 */

/** After a 401: a new token, or null when the session cannot be saved. */
async function tokenAfter401(token: string): Promise<string | null> {
  const result = await refreshSession(token);
  if (result === 'offline') throw networkFailure();
  return result === 'ok' ? (getSession()?.token ?? null) : null;
}

function parseJsonText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failWith(status: number, body: unknown): never {
  const failure = failureFromResponse(status, body, true);
  if (failure.endsSession) expireSession();
  throw failure;
}

async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const sendWith = async (token: string) => {
    try {
      return await fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw networkFailure();
    }
  };
  const token = await currentToken();
  const response = await sendWith(token);
  if (response.status !== 401) return response;
  const next = await tokenAfter401(token);
  return next ? sendWith(next) : response;
}

/** POSTs a multipart form (the browser sets its boundary) and reads the JSON answer. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await authorizedFetch(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  const body = await readJson(response);
  if (!response.ok) failWith(response.status, body);
  return body as T;
}

/** A file the API serves behind the session (a photo or its thumbnail), as a blob. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(path, { signal });
  if (!response.ok) failWith(response.status, await readJson(response));
  return response.blob();
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

function xhrOnce(path: string, form: FormData, token: string, onProgress: (fraction: number) => void, xhr: XMLHttpRequest) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJsonText(xhr.responseText) });
    xhr.onerror = () => reject(networkFailure());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with XMLHttpRequest, reporting the upload's progress (0 to 1).
 * A 401 refreshes the token and sends the form once more.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (fraction: number) => void): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const run = async (): Promise<T> => {
    let token = await currentToken();
    for (let attempt = 0; ; attempt++) {
      if (aborted) throw new DOMException('The upload was cancelled', 'AbortError');
      current = new XMLHttpRequest();
      const { status, body } = await xhrOnce(path, form, token, onProgress, current);
      if (status === 401 && attempt === 0) {
        const next = await tokenAfter401(token);
        if (next) {
          token = next;
          onProgress(0);
          continue;
        }
      }
      if (status < 200 || status >= 300) failWith(status, body);
      onProgress(1);
      return body as T;
    }
  };
  return {
    promise: run(),
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}

import { TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import createClient, { type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { ApiError, failureFromResponse, networkFailure } from './api-errors';
import type { paths } from './api-schema.gen';
import { isTokenExpired } from './jwt';
import { endSession, getSession, reloadSession, requireEnrolment, saveSession } from './session';
import { toast } from './toast';

/** Refresh this long before the access token (15 minutes) expires. */
export const REFRESH_MARGIN_MS = 60_000;

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
  const answered = readSignInResponse(await readJson(response));
  if (!answered) return 'failed';
  saveSession(answered);
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
  return parseJsonText(await response.text());
}

/** A fetch that turns "no answer at all" into SPEC.md's network message (an abort stays an abort). */
async function fetchOrFail(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkFailure();
  }
}

/**
 * The session's fetch: the bearer token (refreshed first when it is about to expire), and one
 * retry after a 401 with a refreshed token. Every call made with the session goes through it.
 */
async function sessionFetch(request: Request): Promise<Response> {
  const withToken = (token: string) => {
    const copy = request.clone();
    copy.headers.set('Authorization', `Bearer ${token}`);
    return copy;
  };
  const token = await currentToken();
  const response = await fetchOrFail(withToken(token));
  if (response.status !== 401) return response;
  const next = await tokenAfter401(token);
  return next ? fetchOrFail(withToken(next)) : response;
}

/** Turns every failed answer into an `ApiError` with SPEC.md section 8's message, in one place. */
function failuresAsErrors(authenticated: boolean): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return undefined;
      failWith(response.status, await readJson(response.clone()), authenticated);
    },
  };
}

function typedClient(authenticated: boolean) {
  const client = createClient<paths>({
    baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
    fetch: authenticated ? sessionFetch : fetchOrFail,
    headers: { Accept: 'application/json' },
  });
  client.use(failuresAsErrors(authenticated));
  return client;
}

/**
 * The one way the app calls the API, typed from the API's own OpenAPI document
 * (`api-schema.gen.ts`, decision 018): paths, parameters, bodies and answers are checked by the
 * compiler. `api` carries the session; `publicApi` is for sign-in, sign-up and the other calls
 * made without one (a 401 there is the server's answer, not an expired session). A failed call
 * rejects with an `ApiError`; wrap a call in `answer()` to get its parsed body.
 */
export const api = typedClient(true);
export const publicApi = typedClient(false);

/** The body of a call that succeeded (failures have already rejected with an `ApiError`). */
export async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/** The JSON a successful call of `method` on `path` answers, for calls made outside `api`. */
export type Answer<P extends keyof paths, M extends HttpMethod> = paths[P][M] extends infer O
  ? O extends Record<string | number, unknown>
    ? SuccessResponseJSON<O>
    : never
  : never;

/** The JSON body `method` on `path` takes. */
export type Body<P extends keyof paths, M extends HttpMethod> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters `method` on `path` takes. */
export type Query<P extends keyof paths, M extends HttpMethod> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/*
 * Beyond JSON: multipart forms, uploads whose progress is shown (XMLHttpRequest, since fetch reports
 * no upload progress), and files read as blobs. They follow the same session rules as `api`:
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

function failWith(status: number, body: unknown, authenticated = true): never {
  const failure = failureFromResponse(status, body, authenticated);
  if (failure.endsSession) expireSession();
  // A staff or admin session without a second factor: the routes send the account to enrolment (decision 049).
  if (failure.code === 'MFA_REQUIRED') requireEnrolment();
  throw failure;
}

/** A path of the API with its `{name}` parameters filled in. */
function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

type PostPath = PathsWithMethod<paths, 'post'>;

/** POSTs a multipart form (the browser sets its boundary) with the session, and reads the JSON answer. */
export async function postForm<P extends PostPath>(
  path: P,
  form: FormData,
  params?: Record<string, string | number>,
): Promise<Answer<P, 'post'>> {
  const request = new Request(fillPath(path, params), { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  const response = await sessionFetch(request);
  const body = await readJson(response);
  if (!response.ok) failWith(response.status, body);
  return body as Answer<P, 'post'>;
}

/** A file the API serves behind the session (a photo or its thumbnail), as a blob. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await sessionFetch(new Request(url, { signal }));
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
export function uploadForm<P extends PostPath>(
  path: P,
  params: Record<string, string | number>,
  form: FormData,
  onProgress: (fraction: number) => void,
): UploadHandle<Answer<P, 'post'>> {
  type T = Answer<P, 'post'>;
  const url = fillPath(path, params);
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const run = async (): Promise<T> => {
    let token = await currentToken();
    for (let attempt = 0; ; attempt++) {
      if (aborted) throw new DOMException('The upload was cancelled', 'AbortError');
      current = new XMLHttpRequest();
      const { status, body } = await xhrOnce(url, form, token, onProgress, current);
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

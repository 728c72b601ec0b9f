import { messages } from '@hopbox/contracts/messages';
import { expireSession, REFRESH_MARGIN_MS, refreshSession } from '@/lib/api-client';
import { ApiError, failureFromResponse, networkFailure } from '@/lib/api-errors';
import { isTokenExpired } from '@/lib/jwt';
import { getSession } from '@/lib/session';

/*
 * The console sends three things the JSON wrapper in lib/api-client.ts does not: multipart forms,
 * uploads whose progress is shown (XMLHttpRequest, since fetch reports no upload progress), and
 * photos read as blobs. They follow the same session rules: a token refreshed before it expires,
 * one retry after a 401, and SPEC.md section 8's messages for every failure.
 */

function sessionGone(): ApiError {
  return new ApiError({ status: 401, message: messages.transport.sessionExpired, endsSession: true });
}

/** A bearer token good for at least another minute; refreshes first when needed. */
export async function freshToken(): Promise<string> {
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

/** After a 401: a new token, or null when the session cannot be saved. */
async function tokenAfter401(token: string): Promise<string | null> {
  const result = await refreshSession(token);
  if (result === 'offline') throw networkFailure();
  return result === 'ok' ? (getSession()?.token ?? null) : null;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(status: number, body: unknown): never {
  const failure = failureFromResponse(status, body, true);
  if (failure.endsSession) expireSession();
  throw failure;
}

async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = async (token: string) => {
    try {
      return await fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw networkFailure();
    }
  };
  const token = await freshToken();
  const response = await send(token);
  if (response.status !== 401) return response;
  const next = await tokenAfter401(token);
  return next ? send(next) : response;
}

/** POSTs a multipart form (the browser sets its boundary) and reads the JSON answer. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await authorizedFetch(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  const body = parseJson(await response.text());
  if (!response.ok) fail(response.status, body);
  return body as T;
}

/** A file the API serves behind the session (a photo or its thumbnail), as a blob. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(path, { signal });
  if (!response.ok) fail(response.status, parseJson(await response.text()));
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
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
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
    let token = await freshToken();
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
      if (status < 200 || status >= 300) fail(status, body);
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

import { messages } from '@hopbox/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { expireSession, REFRESH_MARGIN_MS, refreshSession } from '@/lib/api-client';
import { ApiError, failureFromResponse, networkFailure } from '@/lib/api-errors';
import { isTokenExpired } from '@/lib/jwt';
import { getSession } from '@/lib/session';
import { photoRequestsQueryKey } from './get-photo-requests';

/**
 * Photos are only served with the owner's bearer token, so an <img src> cannot load them: they are
 * fetched as blobs with the session's token (refreshed the way `apiRequest` does it) and shown
 * from object URLs. Failures carry SPEC.md section 8's messages, as `apiRequest`'s do.
 */
export async function fetchProtectedFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const session = getSession();
  if (!session) throw new ApiError({ status: 401, message: messages.transport.sessionExpired, endsSession: true });
  let token = session.token;
  if (isTokenExpired(token, Date.now(), REFRESH_MARGIN_MS)) token = await refreshedToken(token);

  let response = await send(path, token, signal);
  if (response.status === 401) {
    token = await refreshedToken(token);
    response = await send(path, token, signal);
  }
  if (!response.ok) {
    const failure = failureFromResponse(response.status, await readJson(response), true);
    if (failure.endsSession) expireSession();
    throw failure;
  }
  return response.blob();
}

async function refreshedToken(stale: string): Promise<string> {
  const result = await refreshSession(stale);
  if (result === 'offline') throw networkFailure();
  const fresh = getSession();
  if (result === 'failed' || !fresh) {
    expireSession();
    throw new ApiError({ status: 401, message: messages.transport.sessionExpired, endsSession: true });
  }
  return fresh.token;
}

async function send(path: string, token: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkFailure();
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

const fileQueryKey = (path: string) => [...photoRequestsQueryKey, 'file', path] as const;
/** A photo does not change once uploaded; keep it a few minutes after its last viewer is gone. */
const fileQueryOptions = (path: string) => ({
  queryKey: fileQueryKey(path),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchProtectedFile(path, signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 5 * 60_000,
});

/** An object URL for a protected image, revoked when the component unmounts or the path changes. */
export function useProtectedImage(path: string | null) {
  const query = useQuery({ ...fileQueryOptions(path ?? ''), enabled: path !== null });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, isLoading: path !== null && query.isPending, isError: query.isError, retry: query.refetch };
}

/** Saves a protected file under `fileName` through a temporary <a download>; reuses a preview already loaded. */
export function useDownloadFile() {
  const queryClient = useQueryClient();
  return async (path: string, fileName: string) => {
    const blob = await queryClient.fetchQuery(fileQueryOptions(path));
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken its copy once click() returns; give it a moment before letting go.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  };
}

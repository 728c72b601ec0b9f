import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBlob } from './api-client';
import { errorMessage } from './api-errors';
import { saveObjectUrl } from './save-file';
import { toast } from './toast';

/*
 * Photos are only served with the owner's bearer token, so an <img src> cannot load them: they are
 * fetched as blobs through `fetchBlob` (the session rules of `api`) and shown from object URLs.
 */

const fileQueryKey = (path: string) => ['protected-file', path] as const;
/** A photo does not change once uploaded; keep it a few minutes after its last viewer is gone. */
const fileQueryOptions = (path: string) => ({
  queryKey: fileQueryKey(path),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBlob(path, signal),
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

/**
 * Saves a protected file under `fileName` through a temporary <a download>; reuses a preview already loaded.
 * A file that cannot be fetched is said in a toast here, so every download button fails the same way.
 */
export function useDownloadFile() {
  const queryClient = useQueryClient();
  return async (path: string, fileName: string): Promise<void> => {
    try {
      const objectUrl = URL.createObjectURL(await queryClient.fetchQuery(fileQueryOptions(path)));
      saveObjectUrl(objectUrl, fileName);
      // The browser has taken its copy once click() returns; give it a moment before letting go.
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    } catch (err) {
      toast.error(errorMessage(err, `Could not download ${fileName}`));
    }
  };
}

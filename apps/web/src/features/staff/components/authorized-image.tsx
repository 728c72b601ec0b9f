import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { fetchBlob } from '../api/authorized-request';

/**
 * An image the API serves only with the session's bearer token: fetched as a blob and shown from
 * an object URL, which is released when the image goes.
 */
export function AuthorizedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    fetchBlob(src, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  if (failed) {
    return (
      <span
        role="img"
        aria-label={`${alt} (could not be loaded)`}
        className={cn('flex items-center justify-center bg-subtle text-muted', className)}
      >
        <ImageOff className="size-6" aria-hidden="true" />
      </span>
    );
  }
  if (!url) return <span aria-hidden="true" className={cn('block animate-pulse bg-subtle', className)} />;
  return <img src={url} alt={alt} className={cn('object-cover', className)} />;
}

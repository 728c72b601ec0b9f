import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useProtectedImage } from '@/lib/protected-file';

/** An image the API serves only with the session's bearer token (see `useProtectedImage`). */
export function AuthorizedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const { url, isError: failed } = useProtectedImage(src);

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
  if (!url) return <span aria-hidden="true" className={cn('block animate-wait-pulse bg-subtle', className)} />;
  return <img src={url} alt={alt} className={cn('object-cover', className)} />;
}

import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 text-sm text-muted', className)}>
      <LoaderCircle className="size-5 animate-wait-spin text-accent-fg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Fills the screen while a page's code loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-page">
      <Spinner />
    </div>
  );
}

import { cn } from '@/lib/cn';

/** A pulsing block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-subtle', className)} />;
}

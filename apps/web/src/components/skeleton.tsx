import { cn } from '@/lib/cn';

/** A block standing in for content that is loading; it pulses when the wait is long (decision 089). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-wait-pulse rounded-md bg-subtle', className)} />;
}

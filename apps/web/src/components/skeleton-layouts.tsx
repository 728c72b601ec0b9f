import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

/** `count` alike blocks standing in for a list or grid that is loading; the `div`'s own classes lay them out. */
export function SkeletonGroup({ count, itemClassName, ...props }: ComponentProps<'div'> & { count: number; itemClassName: string }) {
  return (
    <div {...props}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}

const PERSON_SIZES = {
  md: { avatar: 'size-10', name: 'h-4', detail: 'h-3' },
  lg: { avatar: 'size-16', name: 'h-5', detail: 'h-4' },
} as const;

/** A person who is loading: a round avatar beside two lines (name, detail); the `div`'s own classes space them. */
export function PersonSkeleton({ size, className, ...props }: ComponentProps<'div'> & { size: keyof typeof PERSON_SIZES }) {
  const sizes = PERSON_SIZES[size];
  return (
    <div className={cn('flex items-center', className)} {...props}>
      <Skeleton className={cn(sizes.avatar, 'rounded-full')} />
      <div className="flex-1 space-y-2">
        <Skeleton className={cn(sizes.name, 'w-40')} />
        <Skeleton className={cn(sizes.detail, 'w-56')} />
      </div>
    </div>
  );
}

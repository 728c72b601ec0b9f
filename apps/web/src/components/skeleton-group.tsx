import type { ComponentProps } from 'react';
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

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Spans the full width (long text). */
  wide?: boolean;
}

/** Label and value pairs in a responsive grid. */
export function DetailList({ items, className }: { items: readonly Detail[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {items.map((item) => (
        <div key={item.label} className={cn('min-w-0', item.wide && 'sm:col-span-2 lg:col-span-3')}>
          <dt className="text-xs font-medium text-muted">{item.label}</dt>
          <dd className="mt-1 text-sm break-words text-fg">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Spans the full width (long text). */
  wide?: boolean;
}

/** One label and its value, inside a `<dl>`. */
export function DetailItem({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** Label and value pairs in a responsive grid. */
export function DetailList({ items, className }: { items: readonly Detail[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {items.map((item) => (
        <DetailItem key={item.label} label={item.label} className={cn(item.wide && 'sm:col-span-2 lg:col-span-3')}>
          {item.value}
        </DetailItem>
      ))}
    </dl>
  );
}

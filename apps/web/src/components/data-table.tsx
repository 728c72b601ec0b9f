import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table in a horizontally scrolling frame. The frame is a size container, so columns can hide
 * with container variants (`@3xl:table-cell`) by the room the table really has, sidebar or not.
 */
export function DataTable({ className, children, label, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <div className="@container relative overflow-x-auto">
      <table aria-label={label} className={cn('w-full min-w-full text-left text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export const thClasses =
  'border-b border-line bg-subtle/60 px-3 py-2.5 first:pl-4 last:pr-4 text-xs font-medium tracking-wide whitespace-nowrap text-muted uppercase';
export const tdClasses = 'border-b border-line px-3 py-3 align-middle text-fg first:pl-4 last:pr-4';

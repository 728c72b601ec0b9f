import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The colours a status pill can take; each has a light and a dark variant with readable contrast. */
export type BadgeTone = 'gray' | 'blue' | 'green' | 'yellow' | 'orange' | 'red' | 'accent';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-400/10 dark:text-slate-300 dark:ring-slate-400/25',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20 dark:bg-blue-400/10 dark:text-blue-300 dark:ring-blue-400/25',
  green: 'bg-green-50 text-green-800 ring-green-600/20 dark:bg-green-400/10 dark:text-green-300 dark:ring-green-400/25',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/25 dark:bg-yellow-400/10 dark:text-yellow-200 dark:ring-yellow-400/25',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20 dark:bg-orange-400/10 dark:text-orange-300 dark:ring-orange-400/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/25',
  accent: 'bg-accent-soft text-accent-fg ring-accent/20',
};

const dots: Record<BadgeTone, string> = {
  gray: 'bg-slate-400',
  blue: 'bg-blue-500',
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
  accent: 'bg-accent',
};

/** A small coloured pill for a status or a category; `dot` adds a coloured dot before the text. */
export function Badge({
  tone,
  children,
  dot = false,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  dot?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', dots[tone])} />}
      {children}
    </span>
  );
}

import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The person a lookup found, named for assistive technology by `label`: the locker's customer (green), or the
 * customer who announced a tracking number (accent). `compact` in dialogs.
 */
export function FoundPerson({
  label,
  tone = 'success',
  compact = false,
  className,
  children,
}: {
  label: string;
  tone?: 'success' | 'accent';
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className={cn(
        'flex items-center rounded-xl border',
        tone === 'success' ? 'border-success/30 bg-success-soft' : 'border-accent/30 bg-accent-soft',
        compact ? 'gap-3 p-3' : 'gap-4 p-4',
        className,
      )}
    >
      <span
        className={cn(
          'flex shrink-0 items-center justify-center rounded-full bg-surface',
          tone === 'success' ? 'text-success' : 'text-accent-fg',
          compact ? 'size-9' : 'size-10',
        )}
      >
        <UserRound className={compact ? 'size-4' : 'size-5'} aria-hidden="true" />
      </span>
      {children}
    </section>
  );
}

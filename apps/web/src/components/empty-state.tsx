import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /**
   * `page`: a card of its own, where the list would be. `rows`: inside a card that already frames the
   * list (its filters stay above). `search`: a quieter note that a search or filter found nothing.
   */
  variant?: 'page' | 'rows' | 'search';
}

/** Nothing to show: an icon, what is missing, and what happens next. */
export function EmptyState({ icon: Icon, title, description, action, variant = 'page' }: EmptyStateProps) {
  const quiet = variant === 'search';
  const body = (
    <>
      <span
        className={cn(
          'flex items-center justify-center rounded-full',
          quiet ? 'size-11 bg-subtle text-muted' : 'size-12 bg-accent-soft text-accent-fg',
        )}
      >
        <Icon className={quiet ? 'size-5' : 'size-6'} aria-hidden="true" />
      </span>
      {quiet ? (
        <p className="mt-3 text-sm font-semibold text-fg">{title}</p>
      ) : (
        <h2 className="mt-4 text-base font-semibold text-fg">{title}</h2>
      )}
      {description && <p className={cn('max-w-md text-sm text-muted', quiet ? 'mt-1' : 'mt-1.5')}>{description}</p>}
      {action && <div className={quiet ? 'mt-4' : 'mt-6'}>{action}</div>}
    </>
  );
  if (variant === 'page') return <Card className="flex flex-col items-center px-6 py-16 text-center">{body}</Card>;
  return <div className="flex flex-col items-center px-6 py-14 text-center">{body}</div>;
}

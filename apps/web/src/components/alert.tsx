import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type AlertTone = 'error' | 'warning' | 'success';

const TONES: Record<AlertTone, { icon: typeof CircleAlert; classes: string }> = {
  error: { icon: CircleAlert, classes: 'bg-danger-soft text-danger' },
  warning: { icon: TriangleAlert, classes: 'bg-orange-50 text-orange-800 dark:bg-orange-400/10 dark:text-orange-300' },
  success: { icon: CircleCheck, classes: 'bg-success-soft text-success' },
};

/** One function for every alert, so React calls it as the alert appears and not again on each render. */
const scrollIntoViewOnce = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });

/**
 * An inline message: errors are announced as alerts; warnings and successes as status. `reveal` scrolls it into view
 * as it appears: a form's answer stands above its fields, and on a phone the reader is at the button, far below.
 */
export function Alert({
  tone,
  children,
  className,
  reveal = false,
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
  reveal?: boolean;
}) {
  const { icon: Icon, classes } = TONES[tone];
  return (
    <div
      ref={reveal ? scrollIntoViewOnce : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-lg px-3.5 py-3 text-sm', classes, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

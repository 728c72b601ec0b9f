import { CircleCheck, CircleX, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/card';
import { cn } from '@/lib/cn';

export type PaymentResultState = 'checking' | 'success' | 'failed';

/** The callback pages' card: an icon for the state, a title, what happened, and the way on. */
export function PaymentResult({
  state,
  title,
  children,
  actions,
}: {
  state: PaymentResultState;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const Icon = state === 'checking' ? LoaderCircle : state === 'success' ? CircleCheck : CircleX;
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center sm:px-10" aria-busy={state === 'checking'}>
      <span
        className={cn(
          'mx-auto flex size-14 items-center justify-center rounded-full',
          state === 'checking' && 'bg-accent-soft text-accent-fg',
          state === 'success' && 'bg-success-soft text-success',
          state === 'failed' && 'bg-danger-soft text-danger',
        )}
      >
        <Icon className={cn('size-7', state === 'checking' && 'animate-spin')} aria-hidden="true" />
      </span>
      <div role={state === 'failed' ? 'alert' : 'status'}>
        <h2 className="mt-5 text-xl font-semibold tracking-tight text-fg">{title}</h2>
        {children && <div className="mt-2 space-y-3 text-sm text-muted">{children}</div>}
      </div>
      {actions && <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">{actions}</div>}
    </Card>
  );
}

/** A highlighted note inside the result, e.g. the support warning. */
export function PaymentNote({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  return (
    <div
      className={cn(
        'flex items-start gap-2.5 rounded-lg px-3.5 py-3 text-left text-sm',
        tone === 'warning'
          ? 'border border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200'
          : 'bg-subtle text-fg',
      )}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The payment reference, copyable by selection. */
export function Reference({ value }: { value: string }) {
  return <span className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs break-all text-fg select-all">{value}</span>;
}

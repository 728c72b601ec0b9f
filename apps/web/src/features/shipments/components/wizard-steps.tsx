import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The wizard's progress: numbered steps, the current one marked for assistive technology. */
export function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2" aria-label="Steps">
      {steps.map((label, index) => {
        const number = index + 1;
        const done = number < current;
        const active = number === current;
        return (
          <li
            key={label}
            className={cn('flex min-w-0 items-center gap-2', active ? 'flex-1' : 'shrink-0 sm:flex-1 sm:shrink')}
            aria-current={active ? 'step' : undefined}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done && 'bg-accent text-white',
                active && 'bg-accent text-white ring-4 ring-accent/20',
                !done && !active && 'border border-line-strong bg-surface text-muted',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden="true" /> : number}
            </span>
            <span className={cn('truncate text-sm', active ? 'font-medium text-fg' : 'text-muted', !active && 'hidden sm:inline')}>
              <span className="sr-only">{`Step ${number}${done ? ', done' : ''}: `}</span>
              {label}
            </span>
            {number < steps.length && <span aria-hidden="true" className="hidden h-px flex-1 bg-line sm:block" />}
          </li>
        );
      })}
    </ol>
  );
}

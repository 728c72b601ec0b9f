import { cn } from '@/lib/cn';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
  /** How many rows the option shows, when known. */
  count?: number;
}

/**
 * A row of toggle buttons that filter a list (one pressed at a time), named by `label` for
 * assistive technology. `tone`: `accent` in the console, `surface` (a segmented control) in the portal.
 */
export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
  tone = 'accent',
  className,
}: {
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  onChange: (value: V) => void;
  tone?: 'accent' | 'surface';
  className?: string;
}) {
  const surface = tone === 'surface';
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex flex-wrap rounded-lg border border-line', surface ? 'bg-subtle p-0.5' : 'gap-1 bg-surface p-1', className)}
    >
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
              surface && (pressed ? 'bg-surface text-fg shadow-xs ring-1 ring-line' : 'text-muted hover:text-fg'),
              !surface && (pressed ? 'bg-accent-soft text-accent-fg' : 'text-muted hover:bg-subtle hover:text-fg'),
            )}
          >
            {option.label}
            {option.count !== undefined && (
              <span className="rounded-full bg-subtle px-1.5 text-xs tabular-nums text-muted">{option.count}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

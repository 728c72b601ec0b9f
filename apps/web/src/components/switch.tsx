import { cn } from '@/lib/cn';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Ready to ship for SHP100003". */
  label: string;
  /** Show the label beside the switch (otherwise it is for assistive technology only). */
  showLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch (role="switch"), toggled by click, Space or Enter. */
export function Switch({ checked, onCheckedChange, label, showLabel = false, disabled = false, className }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group inline-flex items-center gap-2.5 rounded-full text-sm text-fg disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors',
          checked ? 'border-accent bg-accent' : 'border-line-strong bg-subtle',
        )}
      >
        <span
          className={cn(
            'absolute size-[18px] rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform',
            checked ? 'translate-x-[22px]' : 'translate-x-[2px]',
          )}
        />
      </span>
      {showLabel && <span>{label}</span>}
    </button>
  );
}

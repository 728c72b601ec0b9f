import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

/**
 * One optional extra of a payment, a checkbox in a bordered card: its title with an icon, and a hint under it that
 * says what choosing it does (insuring a shipment, paying with the account balance).
 */
export function ChoiceCard({
  icon: Icon,
  title,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="rounded-xl border border-line p-4">
      <label className="flex items-start gap-3 text-sm text-fg">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-line-strong accent-[var(--accent)] focus:ring-2 focus:ring-ring/30"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
        />
        <span className="min-w-0">
          <span className="flex items-center gap-1.5 font-medium">
            <Icon className="size-4 text-accent" aria-hidden="true" />
            {title}
          </span>
          <span id={hintId} className="mt-0.5 block text-xs text-muted">
            {hint}
          </span>
        </span>
      </label>
    </div>
  );
}

import { type ReactNode, useId } from 'react';

/** A checkbox with its label beside it (a click on the label toggles it), e.g. "I have saved my recovery codes". */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="mt-0.5 size-4 rounded border-line-strong accent-[var(--color-accent)] focus:ring-2 focus:ring-ring/30"
      />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
}

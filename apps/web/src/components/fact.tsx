import type { ReactNode } from 'react';

/** A compact fact of a record inside a `<dl>`: a small muted label over its value, which `valueClassName` styles. */
export function Fact({
  label,
  children,
  className,
  valueClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

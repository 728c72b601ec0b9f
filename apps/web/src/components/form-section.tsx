import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled group of a form's fields (a fieldset, its legend read with each field's name). */
export function FormSection({ legend, className, children }: { legend: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={cn('rounded-lg border border-line px-4 pt-1 pb-4', className)}>
      <legend className="px-1 text-sm font-medium text-fg">{legend}</legend>
      {children}
    </fieldset>
  );
}

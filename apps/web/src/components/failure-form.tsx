import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Alert } from './alert';

/** A form that validates itself (noValidate) and shows why its last submit failed above its fields, scrolled into view. */
export function FailureForm({ failure, className, children, ...props }: ComponentProps<'form'> & { failure: string | null }) {
  return (
    <form noValidate className={cn('space-y-5', className)} {...props}>
      {failure && (
        <Alert tone="error" reveal>
          {failure}
        </Alert>
      )}
      {children}
    </form>
  );
}

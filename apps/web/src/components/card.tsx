import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-xl border border-line bg-surface shadow-xs', className)} {...props} />;
}

export function CardHeader({
  title,
  description,
  actions,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
      <div className="min-w-0">
        <h2 id={id} className="text-base font-semibold text-fg">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A card under a header whose title names it (aria-labelledby). */
export function TitledCard({
  title,
  description,
  actions,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'title' | 'aria-labelledby'> & { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} {...props}>
      <CardHeader id={id} title={title} description={description} actions={actions} />
      {children}
    </Card>
  );
}

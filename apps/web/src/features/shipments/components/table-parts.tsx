import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Package ids as small chips; the first few, then "+N more". */
export function PackageIdList({ ids, max = 3 }: { ids: string[]; max?: number }) {
  if (ids.length === 0) return <span className="text-muted">N/A</span>;
  const shown = ids.slice(0, max);
  return (
    <span className="flex flex-wrap gap-1" title={ids.join(', ')}>
      {shown.map((id) => (
        <span key={id} className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">
          {id}
        </span>
      ))}
      {ids.length > max && <span className="px-1 text-xs text-muted">+{ids.length - max} more</span>}
    </span>
  );
}

/** A label and value pair for the mobile cards and the details modal. */
export function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

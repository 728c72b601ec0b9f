import { Package } from 'lucide-react';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';

/** The logo square and, unless `iconOnly`, the brand name from the runtime config. */
export function BrandMark({
  iconOnly = false,
  className,
  inverted = false,
}: {
  iconOnly?: boolean;
  className?: string;
  inverted?: boolean;
}) {
  const { brandName } = useAppConfig();
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg shadow-sm',
          inverted ? 'bg-white/15 text-white ring-1 ring-white/25' : 'bg-accent text-white',
        )}
      >
        <Package className="size-5" aria-hidden="true" />
      </span>
      <span className={cn('text-lg font-semibold tracking-tight', iconOnly && 'sr-only', inverted ? 'text-white' : 'text-fg')}>
        {brandName}
      </span>
    </span>
  );
}

import type { TrackingEvent } from '@hopbox/contracts/tracking';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { eventAge, eventSummary } from '../tracking-format';

/**
 * A list's cell for a shipment's newest tracking event: what (and where), then how long ago (the full
 * time on hover); a dash ("No tracking yet" for screen readers) before the first one.
 */
export function LatestEvent({
  event,
  className,
  withPlace = true,
}: {
  event: TrackingEvent | null;
  className?: string;
  /** False in a table's narrow cell: the place is in the details. */
  withPlace?: boolean;
}) {
  if (!event)
    return (
      <span className="text-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No tracking yet</span>
      </span>
    );
  return (
    <span className={cn('block min-w-0', className)}>
      <span className="line-clamp-2 block text-fg">{withPlace ? eventSummary(event) : event.status}</span>
      <time dateTime={event.at} title={formatDateTime(event.at)} className="block text-xs text-muted">
        {eventAge(event.at)}
      </time>
    </span>
  );
}

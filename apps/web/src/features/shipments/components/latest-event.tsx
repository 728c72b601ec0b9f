import type { TrackingEvent } from '@hopbox/contracts/tracking';
import { formatDateTime } from '@/lib/format';
import { eventAge, eventSummary } from '../tracking-format';

/** A list's cell for a shipment's newest tracking event: what and where, then how long ago (the full time on hover). */
export function LatestEvent({ event, none = 'No tracking yet' }: { event: TrackingEvent | null; none?: string }) {
  if (!event) return <span className="text-muted">{none}</span>;
  return (
    <span className="block min-w-0">
      <span className="block truncate text-fg">{eventSummary(event)}</span>
      <time dateTime={event.at} title={formatDateTime(event.at)} className="block text-xs text-muted">
        {eventAge(event.at)}
      </time>
    </span>
  );
}

import type { TrackingEvent } from '@hopbox/contracts/tracking';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

/**
 * A shipment's journey as the carrier reported it, newest first: an ordered list whose first item is
 * the latest event. Each says when (date and time in the reader's locale and zone), what, where and
 * the carrier's description.
 */
export function TrackingTimeline({ events, label = 'Tracking events, newest first' }: { events: TrackingEvent[]; label?: string }) {
  return (
    <ol aria-label={label}>
      {events.map((event, index) => {
        const latest = index === 0;
        return (
          <li key={`${event.at}-${event.status}-${index}`} className="flex gap-3">
            <span aria-hidden="true" className="flex w-3 shrink-0 flex-col items-center pt-1.5">
              <span className={cn('size-2.5 shrink-0 rounded-full', latest ? 'bg-accent ring-4 ring-accent-soft' : 'bg-line-strong')} />
              {index < events.length - 1 && <span className="mt-1.5 w-px flex-1 bg-line" />}
            </span>
            <div className={cn('min-w-0 flex-1', index < events.length - 1 && 'pb-5')}>
              <p className={cn('text-sm text-fg', latest ? 'font-semibold' : 'font-medium')}>
                {event.status}
                {latest && <span className="sr-only"> (latest)</span>}
              </p>
              <p className="mt-0.5 text-xs text-muted">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.location && <> · {event.location}</>}
              </p>
              {event.description && <p className="mt-1 text-sm break-words text-muted">{event.description}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

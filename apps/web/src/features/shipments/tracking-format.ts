import type { TrackingEvent } from '@hopbox/contracts/tracking';
import { formatShortDate, relativeAge } from '@/lib/format';

/** Up to a week old, a tracking event says how long ago it happened; older, on which day. */
const RELATIVE_FOR_MS = 7 * 24 * 3600 * 1000;

/** "Picked up · Dubai": what happened and, when the carrier said, where. */
export function eventSummary(event: TrackingEvent): string {
  const place = event.location?.trim();
  return place ? `${event.status} · ${place}` : event.status;
}

/** "3 hours ago" within the last week, then the day ("21 Nov 2026"); 'N/A' for a time that cannot be read. */
export function eventAge(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return 'N/A';
  return Math.abs(now - time) < RELATIVE_FOR_MS ? relativeAge(at, now) : formatShortDate(at);
}

/** A list's one line for a shipment's newest event: "Picked up · Dubai · 3 hours ago". */
export function latestEventLine(event: TrackingEvent, now: number = Date.now()): string {
  return `${eventSummary(event)} · ${eventAge(event.at, now)}`;
}

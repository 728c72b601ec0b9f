import { formatDateTime, relativeAge } from '@/lib/format';

/** A moment as "3 minutes ago", the exact time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeAge(iso)}
    </time>
  );
}

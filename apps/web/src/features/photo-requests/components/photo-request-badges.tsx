import type { PhotoRequestPriority, PhotoRequestStatus } from '@hopbox/contracts/photo-requests';
import { Badge } from '@/components/badge';
import { PHOTO_STATUS_TONES, PRIORITY_TONES } from '@/components/status-badges';
import { PRIORITY_LABELS, STATUS_LABELS } from '../photo-request-display';

/** A request's status, in the portal and the console alike (decision 032). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const known = status as PhotoRequestStatus;
  return (
    <Badge tone={PHOTO_STATUS_TONES[known] ?? 'gray'} dot className={className}>
      {STATUS_LABELS[known] ?? status}
    </Badge>
  );
}

/** `spelled` adds the word "priority" where no column header says it (the stacked cards). */
export function PriorityBadge({ priority, spelled = false }: { priority: string; spelled?: boolean }) {
  const known = priority as PhotoRequestPriority;
  return (
    <Badge tone={PRIORITY_TONES[known] ?? 'gray'}>
      {PRIORITY_LABELS[known] ?? priority}
      {spelled && ' priority'}
    </Badge>
  );
}

import { SUPPORT_STATUS_LABELS, type SupportStatus } from '@hopbox/contracts/support';
import { Badge, type BadgeTone } from '@/components/badge';

const TONES: Record<SupportStatus, { customer: BadgeTone; staff: BadgeTone }> = {
  WAITING_FOR_STAFF: { customer: 'yellow', staff: 'orange' },
  WAITING_FOR_CUSTOMER: { customer: 'blue', staff: 'blue' },
  CLOSED: { customer: 'gray', staff: 'gray' },
};

/** A conversation's status as its reader's side says it: the customer waits for support, staff see what is unanswered. */
export function SupportStatusBadge({ status, side }: { status: SupportStatus; side: 'customer' | 'staff' }) {
  return (
    <Badge tone={TONES[status][side]} dot>
      {SUPPORT_STATUS_LABELS[status][side]}
    </Badge>
  );
}

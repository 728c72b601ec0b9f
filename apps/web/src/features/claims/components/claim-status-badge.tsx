import { CLAIM_LIFECYCLE, type ClaimStatus, statusLabel } from '@hopbox/contracts/lifecycles';
import { Badge, type BadgeTone } from '@/components/badge';

const TONES: Record<ClaimStatus, BadgeTone> = { OPEN: 'blue', NEEDS_INFO: 'orange', APPROVED: 'green', REJECTED: 'red' };

/** A claim's status in the lifecycle's words; one waiting for the customer's answer in orange. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {statusLabel(CLAIM_LIFECYCLE, status)}
    </Badge>
  );
}

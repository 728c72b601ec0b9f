import { CLAIM_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { Badge } from '@/components/badge';
import { claimStatusTone } from '@/components/status-badges';

/** A claim's status in CLAIM_LIFECYCLE's words, in the one palette's colours. */
export function ClaimStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={claimStatusTone(status)} dot>
      {statusLabel(CLAIM_LIFECYCLE, status)}
    </Badge>
  );
}

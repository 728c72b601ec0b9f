import { PACKAGE_REQUEST_LIFECYCLE, type PackageRequestStatus, statusLabel } from '@hopbox/contracts/lifecycles';
import { Badge, type BadgeTone } from '@/components/badge';

const TONES: Record<PackageRequestStatus, BadgeTone> = {
  REQUESTED: 'blue',
  IN_PROGRESS: 'yellow',
  DONE: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** A package request's status in words (the lifecycle's label), coloured by how it stands. */
export function RequestStatusBadge({ status }: { status: PackageRequestStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {statusLabel(PACKAGE_REQUEST_LIFECYCLE, status)}
    </Badge>
  );
}

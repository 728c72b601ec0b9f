import { CLAIM_TYPE_LABELS } from '@hopbox/contracts/claims';
import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { RowsSkeleton } from '@/components/list-states';
import { QueryLoadError } from '@/components/load-error';
import { NotFoundMessage } from '@/components/not-found-message';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-errors';
import { ClaimStatusBadge } from '../../components/claim-status-badge';
import { useStaffClaim } from '../api/staff-claims';
import { ClaimEvidence } from './claim-evidence';
import { ClaimSummary } from './claim-summary';
import { DecisionForm } from './decision-form';

/** /staff/claims/:id: the claim and its decision on one side, the evidence the product holds on the other. */
export function ClaimDecisionView({ id, backTo }: { id: number | null; backTo: string }) {
  const claim = useStaffClaim(id);
  const back = (
    <Link to={backTo} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline">
      <ChevronLeft className="size-4" aria-hidden="true" />
      Back to the claims
    </Link>
  );
  if (id === null || (claim.error instanceof ApiError && claim.error.status === 404)) {
    return <NotFoundMessage hint="There is no claim with this number." to={backTo} action="Back to the claims" />;
  }
  if (!claim.isSuccess) {
    return (
      <>
        {back}
        {claim.isPending ? <RowsSkeleton rows={6} /> : <QueryLoadError query={claim} />}
      </>
    );
  }
  const c = claim.data;
  return (
    <>
      {back}
      <PageHeader
        tabTitle={`Claim ${c.reference}`}
        title={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              Claim <span className="font-mono">{c.reference}</span>
            </span>
            <ClaimStatusBadge status={c.status} />
          </span>
        }
        description={`${CLAIM_TYPE_LABELS[c.type]} · ${c.customerName} · locker ${c.lockerNumber}`}
      />
      {/* Narrow, the evidence comes between the claim and the decision; wide, it stands beside both. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] xl:grid-rows-[auto_1fr]">
        <ClaimSummary claim={c} />
        <div className="xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <ClaimEvidence evidence={c.evidence} />
        </div>
        <DecisionForm key={c.status} claim={c} />
      </div>
    </>
  );
}

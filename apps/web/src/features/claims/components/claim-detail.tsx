import { CLAIM_TYPE_LABELS } from '@hopbox/contracts/claim-labels';
import type { Claim } from '@hopbox/contracts/claims';
import { formatMoney } from '@hopbox/contracts/money';
import { supportPath } from '@hopbox/contracts/support-path';
import { Gavel, MessageSquareReply } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/card';
import { DetailItem } from '@/components/detail-list';
import { RowsSkeleton } from '@/components/list-states';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useClaim } from '../api/claims';
import { CLAIM_STATUS_MEANINGS, decisionWords, subjectWords } from '../claim-display';
import { ClaimPhotos } from './claim-photos';
import { ClaimStatusBadge } from './claim-status-badge';
import { ClaimThread } from './claim-thread';

// The answer form brings the drop zone and the form library: loaded only for a claim that waits for an answer.
const AnswerForm = lazy(async () => ({ default: (await import('./answer-form')).AnswerForm }));

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-xs font-semibold tracking-wider text-muted uppercase">
      {children}
    </h3>
  );
}

/** The claim's facts, its photos, the warehouse team's decision, the thread, and the answer form while it is asked for. */
function ClaimBody({ claim }: { claim: Claim }) {
  const { brandName } = useAppConfig();
  const decision = decisionWords(claim);
  const asked = claim.status === 'NEEDS_INFO';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-fg">
            Claim <span className="tracking-wide">{claim.reference}</span>
          </h2>
          <p className="text-sm text-muted">
            {CLAIM_TYPE_LABELS[claim.type]} · {subjectWords(claim)}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      {decision ? (
        <section
          aria-labelledby="claim-decision"
          className={cn('space-y-1.5 rounded-lg px-3.5 py-3', claim.status === 'APPROVED' ? 'bg-success-soft' : 'bg-subtle')}
        >
          <SectionTitle id="claim-decision">Decision</SectionTitle>
          <p className={cn('flex items-start gap-2 text-sm font-medium', claim.status === 'APPROVED' ? 'text-success' : 'text-fg')}>
            <Gavel className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {decision}
          </p>
        </section>
      ) : (
        <p
          className={cn(
            'rounded-lg px-3.5 py-3 text-sm',
            asked ? 'bg-orange-50 font-medium text-orange-800 dark:bg-orange-400/10 dark:text-orange-300' : 'bg-subtle text-fg',
          )}
        >
          {CLAIM_STATUS_MEANINGS[asked ? 'NEEDS_INFO' : 'OPEN']}
        </p>
      )}

      <section aria-labelledby="claim-facts" className="space-y-3">
        <SectionTitle id="claim-facts">The claim</SectionTitle>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          <DetailItem label="About">{subjectWords(claim)}</DetailItem>
          {claim.hopboxId && claim.shipmentRef && <DetailItem label="In shipment">{claim.shipmentRef}</DetailItem>}
          <DetailItem label="Type">{CLAIM_TYPE_LABELS[claim.type]}</DetailItem>
          <DetailItem label="Amount claimed">
            <span className="font-semibold tabular-nums">{formatMoney(claim.amount, claim.currency)}</span>
          </DetailItem>
          <DetailItem label="Filed">{formatDateTime(claim.createdAt)}</DetailItem>
          <DetailItem label="Last update">{formatDateTime(claim.updatedAt)}</DetailItem>
          <DetailItem label="What happened" className="col-span-full">
            <span className="break-words whitespace-pre-line">{claim.description}</span>
          </DetailItem>
        </dl>
      </section>

      {claim.photos.length > 0 && (
        <section aria-labelledby="claim-photos" className="space-y-3">
          <SectionTitle id="claim-photos">{`Your photos (${claim.photos.length})`}</SectionTitle>
          <ClaimPhotos photos={claim.photos} createdAt={claim.createdAt} label="Photo of the claim" />
        </section>
      )}

      <section aria-labelledby="claim-thread" className="space-y-3">
        <SectionTitle id="claim-thread">Messages</SectionTitle>
        <ClaimThread messages={claim.messages} brandName={brandName} />
        <p className="text-sm text-muted">
          A question the thread does not answer?{' '}
          <Link to={supportPath({ type: 'claim', ref: claim.reference })} className="font-medium text-accent-fg hover:underline">
            Write to support about this claim
          </Link>
        </p>
      </section>

      {asked && (
        <section aria-labelledby="claim-answer" className="space-y-3 rounded-xl border border-orange-300 p-4 dark:border-orange-400/40">
          <h3 id="claim-answer" className="flex items-center gap-2 text-sm font-semibold text-fg">
            <MessageSquareReply className="size-4 text-orange-600 dark:text-orange-300" aria-hidden="true" />
            Answer the warehouse team
          </h3>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <AnswerForm claim={claim} />
          </Suspense>
        </section>
      )}
    </div>
  );
}

/** /claims/:id: one of the customer's claims, or why it cannot be shown. */
export function ClaimDetail({ id }: { id: number }) {
  const claim = useClaim(id);
  return (
    <Card className="p-4 sm:p-6">
      {claim.isPending ? (
        <RowsSkeleton rows={5} />
      ) : claim.isError ? (
        <LoadError message={errorMessage(claim.error, 'The claim could not be loaded.')} onRetry={() => void claim.refetch()} />
      ) : (
        <ClaimBody claim={claim.data} />
      )}
    </Card>
  );
}

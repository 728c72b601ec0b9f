import {
  PACKAGE_REQUEST_STATUS_MEANINGS,
  PACKAGE_REQUEST_TYPE_LABELS,
  type PackageRequest,
  packageRequestLabelPath,
  packageRequestWords,
} from '@hopbox/contracts/package-requests';
import type { Package } from '@hopbox/contracts/packages';
import { Check, CreditCard, Download, PackageCheck, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { ActionModal } from '@/components/action-modal';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { PhotoStrip } from '@/components/photo-strip';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useDownloadFile } from '@/lib/protected-file';
import { toast } from '@/lib/toast';
import { usePackageRequests } from '../api/package-requests';
import { useWithdrawRequest } from '../api/request-payment';
import { feeText, isOpen, progressOf, resultLines } from '../request-rules';
import { RequestServiceModal } from './request-service-modal';
import { RequestStatusBadge } from './request-status-badge';

const PayRequestModal = lazyDialog(async () => (await import('./pay-request-modal')).PayRequestModal);

/**
 * A return or discard waiting for its fee (decision 068): "Fee unpaid", Pay (the balance or the card) and Withdraw
 * request, which leaves the package in the locker with nothing charged.
 */
function FeeUnpaid({ request }: { request: PackageRequest }) {
  const [paying, setPaying] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useWithdrawRequest();
  return (
    <div className="space-y-3 rounded-md border border-orange-200 bg-orange-50/60 px-3 py-3 dark:border-orange-400/25 dark:bg-orange-400/5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="orange">{packageRequestWords.feeUnpaid}</Badge>
        <p className="text-sm text-fg">{packageRequestWords.feeUnpaidHint}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setPaying(true)}>
          <CreditCard className="size-4" aria-hidden="true" />
          {packageRequestWords.payFee(request.amountDue, request.currency)}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setWithdrawing(true)}>
          <Undo2 className="size-4" aria-hidden="true" />
          {packageRequestWords.withdraw}
        </Button>
      </div>
      <PayRequestModal request={request} isOpen={paying} onClose={() => setPaying(false)} />
      <ActionModal
        isOpen={withdrawing}
        onClose={() => setWithdrawing(false)}
        title={packageRequestWords.withdraw}
        action={packageRequestWords.withdraw}
        pendingAction="Withdrawing..."
        variant="danger"
        mutation={withdraw}
        onAction={async () => {
          await withdraw.mutateAsync(request.id);
          toast.success(packageRequestWords.withdrawn);
        }}
      >
        <p>{packageRequestWords.withdrawConfirm}</p>
      </ActionModal>
    </div>
  );
}

/** Requested → In progress → Done (or Refused), as a short ordered list the eye reads at once. */
function Progress({ status }: { status: PackageRequest['status'] }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" aria-label="Progress">
      {progressOf(status).map((step, i) => (
        <li key={step.label} className="flex items-center gap-2">
          {i > 0 && <span className="hidden h-px w-4 bg-line-strong sm:block" aria-hidden="true" />}
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium',
              step.state === 'done' && 'bg-success-soft text-success',
              step.state === 'current' && 'bg-accent-soft text-accent-fg ring-1 ring-accent/30',
              step.state === 'refused' && 'bg-danger-soft text-danger',
              step.state === 'todo' && 'text-muted',
            )}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            {step.state === 'done' && <Check className="size-3" aria-hidden="true" />}
            {step.state === 'refused' && <X className="size-3" aria-hidden="true" />}
            {step.label}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The photos staff took of the work, "Before" and "After", each a strip; nothing while there are none. */
function RequestPhotos({ photos }: { photos: PackageRequest['photos'] }) {
  const phases = [
    { phase: 'BEFORE', photos: photos.before },
    { phase: 'AFTER', photos: photos.after },
  ] as const;
  if (photos.before.length === 0 && photos.after.length === 0) return null;
  return (
    <div className="space-y-3">
      {phases
        .filter((p) => p.photos.length > 0)
        .map(({ phase, photos: shown }) => {
          const title = packageRequestWords.photoStrips[phase];
          return (
            <div key={phase} className="min-w-0 space-y-1.5">
              <p className="text-xs font-medium text-muted">
                {title} ({shown.length})
              </p>
              <PhotoStrip photos={shown} label={`${title} photo`} />
            </div>
          );
        })}
    </div>
  );
}

/** One request: what was asked, its fee, where it stands, the warehouse's words and what the work produced. */
function RequestCard({ request }: { request: PackageRequest }) {
  const download = useDownloadFile();
  const lines = resultLines(request);
  return (
    <li className="space-y-3 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{PACKAGE_REQUEST_TYPE_LABELS[request.type]}</p>
          <p className="text-xs text-muted">
            Asked {formatDateTime(request.createdAt)} · Fee{' '}
            <span className="font-medium text-fg tabular-nums">{feeText(request.fee, request.currency)}</span>
            {request.paidAt && <> · {packageRequestWords.feePaid(formatDateTime(request.paidAt))}</>}
          </p>
        </div>
        <RequestStatusBadge status={request.status} />
      </div>
      <Progress status={request.status} />
      {request.amountDue > 0 && <FeeUnpaid request={request} />}
      {/* Once done, what the work produced says it better than the word. */}
      {/* An unpaid fee says what the request waits for. */}
      {!(request.status === 'DONE' && lines.length > 0) && request.amountDue === 0 && (
        <p className="text-sm text-fg">{PACKAGE_REQUEST_STATUS_MEANINGS[request.status]}</p>
      )}
      {lines.length > 0 && (
        <ul className="space-y-1 rounded-md bg-subtle px-3 py-2 text-sm text-fg" aria-label="Result">
          {lines.map((line) => (
            <li key={line} className="flex items-start gap-2">
              <PackageCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span className="break-words">{line}</span>
            </li>
          ))}
        </ul>
      )}
      <RequestPhotos photos={request.photos} />
      {(request.notes || request.staffNotes || request.label) && (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {request.notes && (
            <>
              <dt className="text-muted">Your notes</dt>
              <dd className="whitespace-pre-line break-words text-fg">{request.notes}</dd>
            </>
          )}
          {request.staffNotes && (
            <>
              <dt className="text-muted">From the warehouse</dt>
              <dd className="whitespace-pre-line break-words text-fg">{request.staffNotes}</dd>
            </>
          )}
          {request.label && (
            <>
              <dt className="text-muted">Return label</dt>
              <dd>
                <button
                  type="button"
                  onClick={() => void download(packageRequestLabelPath(request.id), request.label?.fileName ?? 'return-label')}
                  className="inline-flex max-w-full items-center gap-1 font-medium text-accent-fg hover:underline"
                >
                  <Download className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{request.label.fileName}</span>
                </button>
              </dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}

/**
 * Package Details' "Services" (decision 061): the package's requests with their progress, and "Request a service"
 * while the package waits in the locker with no request open.
 */
export function PackageRequestsSection({ pkg }: { pkg: Package }) {
  const requests = usePackageRequests(pkg.id);
  const [asking, setAsking] = useState(false);
  const list = requests.data ?? [];
  const inLocker = pkg.shipmentId === null && pkg.leftAs === null;
  const canAsk = inLocker && !pkg.requestOpen && !list.some((r) => isOpen(r.status));
  return (
    <section className="space-y-3" aria-labelledby="package-services-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="package-services-title" className="text-xs font-semibold tracking-wider text-muted uppercase">
          Services
        </h3>
        {canAsk && (
          <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
            <PackageCheck className="size-4" aria-hidden="true" />
            Request a service
          </Button>
        )}
      </div>
      {requests.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : requests.isError ? (
        <p className="text-sm text-danger">{errorMessage(requests.error)}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{inLocker ? packageRequestWords.intro : packageRequestWords.noneAsked}</p>
      ) : (
        <ul className="space-y-3">
          {list.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      <RequestServiceModal pkg={pkg} isOpen={asking} onClose={() => setAsking(false)} />
    </section>
  );
}

import { messages } from '@hopbox/contracts/messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Ban, ImageOff } from 'lucide-react';
import { Button } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import { QueryLoadError } from '@/components/load-error';
import { Modal, ModalDetails } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { PHOTO_STATUS_TONES } from '@/components/status-badges';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatDateTime, formatShortDate, orNA } from '@/lib/format';
import { useAttachments } from '../api/get-attachments';
import { statusMeaning, TYPE_LABELS } from '../photo-request-display';
import { AttachmentGallery } from './attachment-gallery';
import { PriorityBadge, StatusBadge } from './photo-request-badges';

function Note({ label, text }: { label: string; text: string | null }) {
  return (
    <div className="rounded-lg border border-line bg-subtle/50 px-3.5 py-3">
      <p className="text-xs font-medium text-muted">{label}</p>
      <p className={cn('mt-1 text-sm whitespace-pre-line', text ? 'text-fg' : 'text-muted')}>{text || 'No notes'}</p>
    </div>
  );
}

const MEANING_STYLES: Record<string, string> = {
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-400/30 dark:bg-yellow-400/10 dark:text-yellow-100',
  blue: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-400/30 dark:bg-blue-400/10 dark:text-blue-100',
  green: 'border-green-200 bg-green-50 text-green-900 dark:border-green-400/30 dark:bg-green-400/10 dark:text-green-100',
  red: 'border-red-200 bg-red-50 text-red-900 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-100',
  gray: 'border-line bg-subtle text-fg',
};

function Photos({
  request,
  onDownload,
  downloading,
  enabled,
}: {
  request: PhotoRequest;
  onDownload: Parameters<typeof AttachmentGallery>[0]['onDownload'];
  downloading: number | null;
  enabled: boolean;
}) {
  const attachments = useAttachments(enabled ? request.id : null);
  const open = request.status === 'PENDING' || request.status === 'IN_PROGRESS';
  return (
    <section aria-labelledby="photo-request-files" className="space-y-3">
      <h3 id="photo-request-files" className="text-sm font-semibold text-fg">
        Uploaded files{attachments.data ? ` (${attachments.data.length})` : ''}
      </h3>
      {attachments.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="aspect-[4/3] w-full rounded-xl sm:aspect-auto sm:h-80" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : attachments.isError ? (
        <QueryLoadError query={attachments} />
      ) : attachments.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-line-strong px-6 py-8 text-center">
          <ImageOff className="size-6 text-muted" aria-hidden="true" />
          <p className="mt-2 text-sm font-medium text-fg">{messages.packages.noImage}</p>
          <p className="mt-0.5 text-sm text-muted">
            {open ? 'Photos appear here as soon as our warehouse team uploads them.' : 'No photos were uploaded for this request.'}
          </p>
        </div>
      ) : (
        <AttachmentGallery attachments={attachments.data} onDownload={onDownload} downloading={downloading} />
      )}
    </section>
  );
}

/** A photo request: what its status means, its photos, its fields, and both sets of notes. */
export function PhotoRequestDetailsModal({
  request,
  isOpen,
  onClose,
  onCancelRequest,
  onDownload,
  downloading,
}: {
  request: PhotoRequest | null;
  isOpen: boolean;
  onClose: () => void;
  onCancelRequest: (request: PhotoRequest) => void;
  onDownload: Parameters<typeof AttachmentGallery>[0]['onDownload'];
  downloading: number | null;
}) {
  const { brandName } = useAppConfig();
  const tone = request ? (PHOTO_STATUS_TONES[request.status] ?? 'gray') : 'gray';
  // Photos are what a completed request is about: they come first when there are any.
  const photosFirst = (request?.attachmentCount ?? 0) > 0;
  const photos = request && <Photos request={request} onDownload={onDownload} downloading={downloading} enabled={isOpen} />;

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Photo Request Details"
      description={request ? `${request.orderId} · ${request.shipmentId}` : undefined}
      maxWidth="max-w-3xl"
      footer={
        request && (
          <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {request.status === 'PENDING' && (
              <Button variant="secondary" onClick={() => onCancelRequest(request)} className="sm:mr-auto">
                <Ban className="size-4" aria-hidden="true" />
                Cancel Request
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </div>
        )
      }
    >
      {request && (
        <ModalDetails label="Photo request information">
          <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-3.5 py-3', MEANING_STYLES[tone])}>
            <StatusBadge status={request.status} />
            <p className="text-sm font-medium">{statusMeaning(request.status)}</p>
          </div>

          {photosFirst && photos}

          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
            <DetailItem label={`${brandName} ID`}>
              <span className="font-semibold tracking-wide">{request.shipmentId}</span>
            </DetailItem>
            <DetailItem label="Order ID">{request.orderId}</DetailItem>
            <DetailItem label="Request Type">{TYPE_LABELS[request.requestType] ?? request.requestType}</DetailItem>
            <DetailItem label="Shipper">{orNA(request.shipper)}</DetailItem>
            <DetailItem label="Content">{orNA(request.content)}</DetailItem>
            <DetailItem label="Priority">
              <PriorityBadge priority={request.priority} />
            </DetailItem>
            <DetailItem label="Received Date">{formatShortDate(request.receivedDate)}</DetailItem>
            <DetailItem label="Requested Date">{formatDateTime(request.requestedDate)}</DetailItem>
            <DetailItem label="Completed Date">{request.completedDate ? formatDateTime(request.completedDate) : 'N/A'}</DetailItem>
            <DetailItem label="Locker Number">{orNA(request.lockerNumber)}</DetailItem>
            <DetailItem label="Customer">{orNA(request.customerName)}</DetailItem>
          </dl>

          <div className="grid gap-3 sm:grid-cols-2">
            <Note label="Your notes" text={request.notes} />
            <Note label="Staff notes" text={request.staffNotes} />
          </div>

          {!photosFirst && photos}
        </ModalDetails>
      )}
    </Modal>
  );
}

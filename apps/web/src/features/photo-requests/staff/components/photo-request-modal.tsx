import { REQUEST_TYPE_LABELS } from '@hopbox/contracts/photo-request-statuses';
import {
  PHOTO_MAX_FILES,
  PHOTO_REQUEST_STATUS_FOR_STAFF,
  type PhotoRequestStatus,
  photoRequestMoveProblem,
  STAFF_PHOTO_REQUEST_TRANSITIONS,
  type StaffPhotoRequest,
} from '@hopbox/contracts/photo-requests';
import { Ban, CircleCheck, Hand } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DetailList } from '@/components/detail-list';
import { Modal } from '@/components/modal';
import { PhotoDropZone } from '@/components/photo-drop-zone';
import { RecordDetails } from '@/components/record-details';
import { TextAreaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-errors';
import { formatDateTime, orNA, relativeAge } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLastShown } from '@/lib/use-last-shown';
import { PriorityBadge, StatusBadge } from '../../components/photo-request-badges';
import { useAttachments } from '../api/get-attachments';
import { useUpdatePhotoRequest } from '../api/update-photo-request';
import { useUploads } from '../hooks/use-uploads';
import { AttachmentGrid } from './attachment-grid';
import { UploadList } from './upload-list';

const DONE: Partial<Record<PhotoRequestStatus, string>> = {
  IN_PROGRESS: 'Request taken: it is yours now',
  COMPLETED: 'Request completed: the customer has been told their photos are ready',
  REJECTED: 'Request rejected',
};

function RequestBody({ request, onChange }: { request: StaffPhotoRequest; onChange: (request: StaffPhotoRequest) => void }) {
  const move = useUpdatePhotoRequest();
  const attachments = useAttachments(request.id);
  const uploads = useUploads(request.id);
  const [notes, setNotes] = useState(request.staffNotes ?? '');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const hintId = useId();
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const allowed = STAFF_PHOTO_REQUEST_TRANSITIONS[request.status];
  const open = allowed.length > 0;
  const photoCount = attachments.data?.length ?? request.attachmentCount;
  const completeRefusal = photoRequestMoveProblem('COMPLETED', { photoCount, notes });

  const go = async (status: PhotoRequestStatus) => {
    setFailure(null);
    const problem = photoRequestMoveProblem(status, { photoCount, notes });
    if (problem?.field === 'notes') {
      setNotesError(problem.message);
      notesRef.current?.focus();
      return;
    }
    try {
      const updated = await move.mutateAsync({ id: request.id, status, notes: notes.trim() || null });
      onChange(updated);
      toast.success(DONE[status] ?? 'Request updated');
    } catch (err) {
      const message = errorMessage(err);
      setFailure(message);
      toast.error(message);
    }
  };

  /** A move's button: it spins for its own move, and waits while any move is under way. */
  const moveButton = (status: PhotoRequestStatus) => ({
    loading: move.isPending && move.variables?.status === status,
    disabled: move.isPending,
    onClick: () => go(status),
  });

  return (
    <RecordDetails
      badges={
        <>
          <PriorityBadge priority={request.priority} spelled />
          <StatusBadge status={request.status} />
          <Badge tone="gray">{REQUEST_TYPE_LABELS[request.requestType]}</Badge>
          <span className="text-sm text-muted">{PHOTO_REQUEST_STATUS_FOR_STAFF[request.status]}</span>
        </>
      }
      audit={{ entity: 'photo_request', id: request.id }}
    >
      <DetailList
        items={[
          { label: 'Package', value: <span className="font-mono">{request.shipmentId}</span> },
          { label: 'Content', value: request.content },
          { label: 'Shipper', value: request.shipper },
          { label: 'Customer', value: request.customerName },
          { label: 'Locker number', value: <span className="font-mono">{request.lockerNumber}</span> },
          {
            label: 'Location',
            value: request.location ? (
              <span className="font-mono font-semibold">{request.location}</span>
            ) : (
              <span className="text-muted">Not shelved</span>
            ),
          },
          { label: 'Order reference', value: request.orderId },
          {
            label: 'Requested',
            value: (
              <>
                {formatDateTime(request.requestedDate)} <span className="text-muted">({relativeAge(request.requestedDate)})</span>
              </>
            ),
          },
          { label: 'Package received', value: formatDateTime(request.receivedDate) },
          { label: 'Completed', value: request.completedDate ? formatDateTime(request.completedDate) : 'N/A' },
          { label: "Customer's notes", value: orNA(request.notes), wide: true },
          ...(open ? [] : [{ label: 'Staff notes', value: orNA(request.staffNotes), wide: true }]),
        ]}
      />

      <section aria-labelledby={`${hintId}-photos`} className="space-y-3 border-t border-line pt-5">
        <h3 id={`${hintId}-photos`} className="text-sm font-semibold text-fg">
          Photos {photoCount > 0 && <span className="font-normal text-muted">({photoCount})</span>}
        </h3>
        {open && (
          <>
            <PhotoDropZone label={`Upload photos for ${request.shipmentId}`} onFiles={uploads.start} maxFiles={PHOTO_MAX_FILES} />
            <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
          </>
        )}
        <AttachmentGrid attachments={attachments.data} loading={attachments.isPending} />
      </section>

      {open && (
        <section aria-labelledby={`${hintId}-decide`} className="space-y-4 border-t border-line pt-5">
          <h3 id={`${hintId}-decide`} className="text-sm font-semibold text-fg">
            Answer the request
          </h3>
          {failure && <Alert tone="error">{failure}</Alert>}
          <TextAreaField
            ref={notesRef}
            label="Notes for the customer"
            hint="Shown with the photos. Required when you reject the request."
            value={notes}
            error={notesError ?? undefined}
            onChange={(event) => {
              setNotes(event.target.value);
              setNotesError(null);
            }}
            maxLength={1000}
          />
          <div className="flex flex-wrap items-center gap-2">
            {allowed.includes('IN_PROGRESS') && (
              <Button variant="secondary" {...moveButton('IN_PROGRESS')}>
                <Hand className="size-4" aria-hidden="true" />
                Take
              </Button>
            )}
            <Button
              {...moveButton('COMPLETED')}
              disabled={move.isPending || uploads.uploading || completeRefusal !== null}
              aria-describedby={completeRefusal ? `${hintId}-complete-hint` : undefined}
            >
              <CircleCheck className="size-4" aria-hidden="true" />
              Complete
            </Button>
            <Button variant="danger" {...moveButton('REJECTED')}>
              <Ban className="size-4" aria-hidden="true" />
              Reject
            </Button>
            {completeRefusal && (
              <p id={`${hintId}-complete-hint`} className="text-xs text-muted">
                {completeRefusal.message}.
              </p>
            )}
            {uploads.uploading && <p className="text-xs text-muted">Waiting for the uploads to finish...</p>}
          </div>
        </section>
      )}
    </RecordDetails>
  );
}

/** One photo request: take it, upload photos, complete or reject it, and its history. */
export function PhotoRequestModal({
  request,
  onClose,
  onChange,
}: {
  request: StaffPhotoRequest | null;
  onClose: () => void;
  onChange: (request: StaffPhotoRequest) => void;
}) {
  const shown = useLastShown(request);
  return (
    <Modal
      isOpen={request !== null}
      onClose={onClose}
      title={shown ? `Photo request ${shown.orderId}` : 'Photo request'}
      description={shown ? `${shown.shipmentId} · ${shown.customerName}` : undefined}
      maxWidth="max-w-3xl"
    >
      {shown && <RequestBody key={shown.id} request={shown} onChange={onChange} />}
    </Modal>
  );
}

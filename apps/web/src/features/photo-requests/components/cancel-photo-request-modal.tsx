import { messages } from '@hopbox/contracts/messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useCancelPhotoRequest } from '../api/cancel-photo-request';

/** Asks before cancelling a pending request; the warehouse will then not take the photos. */
export function CancelPhotoRequestModal({
  request,
  isOpen,
  onClose,
}: {
  request: PhotoRequest | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelPhotoRequest();
  const confirm = async () => {
    if (!request) return;
    try {
      await cancel.mutateAsync(request.id);
      toast.success(messages.packages.photoRequestCancelled);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Cancel photo request?"
      description={request ? `${request.orderId} for ${request.shipmentId} (${request.content})` : undefined}
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Keep Request
          </Button>
          <Button variant="danger" onClick={confirm} loading={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-muted">
        Our warehouse team will not take these photos. You can request photos of this package again later.
      </p>
    </Modal>
  );
}

import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import {
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_TYPES,
  type PhotoRequestPriority,
  type PhotoRequestType,
} from '@hopbox/contracts/photo-requests';
import { Camera } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { SelectField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-errors';
import { optionsOf } from '@/lib/select-options';
import { useRequestPhoto } from '../api/request-photo';

const TYPE_LABELS: Record<PhotoRequestType, string> = {
  PACKAGE_PHOTO: 'Package photo',
  DAMAGE_PHOTO: 'Damage photo',
  CUSTOM_PHOTO: 'Custom photo',
};

const PRIORITY_LABELS: Record<PhotoRequestPriority, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' };

const NOTES_MAX = 1000;

/** The Request Photo confirmation: what kind of photo, how urgent, and a note for the warehouse team. */
export function RequestPhotoModal({ pkg, isOpen, onClose }: { pkg: Package | null; isOpen: boolean; onClose: () => void }) {
  const request = useRequestPhoto();
  const [requestType, setRequestType] = useState<PhotoRequestType>('PACKAGE_PHOTO');
  const [priority, setPriority] = useState<PhotoRequestPriority>('MEDIUM');
  const [notes, setNotes] = useState('');

  useEffect(() => {
    if (isOpen) {
      setRequestType('PACKAGE_PHOTO');
      setPriority('MEDIUM');
      setNotes('');
    }
  }, [isOpen]);

  const confirm = async () => {
    if (!pkg) return;
    try {
      await request.mutateAsync({ packageId: pkg.id, input: { requestType, priority, notes: notes.trim() || null } });
      toast.success(messages.packages.photoRequested);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, messages.packages.photoRequestFailed));
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Request Photo"
      description={pkg ? `Our warehouse team will photograph ${pkg.hopboxId} (${pkg.shipper}, ${pkg.packageContent}).` : undefined}
      maxWidth="max-w-lg"
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={request.isPending}>
            {!request.isPending && <Camera className="size-4" aria-hidden="true" />}
            {request.isPending ? 'Submitting...' : 'Request Photo'}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Request Type"
            value={requestType}
            onChange={(e) => setRequestType(e.target.value as PhotoRequestType)}
            options={optionsOf(PHOTO_REQUEST_TYPES, (type) => TYPE_LABELS[type])}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as PhotoRequestPriority)}
            options={optionsOf(PHOTO_REQUEST_PRIORITIES, (p) => PRIORITY_LABELS[p])}
          />
        </div>
        <TextAreaField
          label="Notes (optional)"
          value={notes}
          maxLength={NOTES_MAX}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="e.g. Please show the serial number label"
          hint={`${notes.length}/${NOTES_MAX} characters`}
        />
        <p className="text-xs text-muted">You will find the photos on the Photo Requests page once they are ready.</p>
      </div>
    </Modal>
  );
}

import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { REQUEST_PRIORITY_LABELS, REQUEST_TYPE_LABELS } from '@hopbox/contracts/photo-request-statuses';
import { createPhotoRequestSchema, PHOTO_REQUEST_PRIORITIES, PHOTO_REQUEST_TYPES } from '@hopbox/contracts/photo-requests';
import { Camera } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { SelectField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { optionsOf } from '@/lib/select-options';
import { toast } from '@/lib/toast';
import { useRequestPhoto } from '../api/request-photo';

const NOTES_MAX = 1000;
const requestSchema = createPhotoRequestSchema.omit({ packageId: true });
const FIELDS: readonly string[] = ['requestType', 'priority', 'notes'];
const DEFAULTS = { requestType: 'PACKAGE_PHOTO', priority: 'MEDIUM', notes: '' } as const;

/** The Request Photo confirmation: what kind of photo, how urgent, and a note for the warehouse team. */
export function RequestPhotoModal({ pkg, isOpen, onClose }: { pkg: Package | null; isOpen: boolean; onClose: () => void }) {
  const request = useRequestPhoto();
  const formId = useId();
  const form = useZodForm(requestSchema, { defaultValues: DEFAULTS });
  const notes = form.watch('notes') ?? '';

  useEffect(() => {
    if (isOpen) form.reset(DEFAULTS);
  }, [isOpen, form.reset]);

  const confirm = form.handleSubmit(async (input) => {
    if (!pkg) return;
    try {
      await request.mutateAsync({ packageId: pkg.id, input });
      toast.success(messages.packages.photoRequested);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, messages.packages.photoRequestFailed);
    }
  });

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
          <Button type="submit" form={formId} loading={request.isPending}>
            {!request.isPending && <Camera className="size-4" aria-hidden="true" />}
            {request.isPending ? 'Submitting...' : 'Request Photo'}
          </Button>
        </div>
      }
    >
      <FailureForm id={formId} onSubmit={confirm} failure={form.failure}>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Request Type"
            options={optionsOf(PHOTO_REQUEST_TYPES, (type) => REQUEST_TYPE_LABELS[type])}
            {...form.input('requestType')}
          />
          <SelectField
            label="Priority"
            options={optionsOf(PHOTO_REQUEST_PRIORITIES, (p) => REQUEST_PRIORITY_LABELS[p])}
            {...form.input('priority')}
          />
        </div>
        <TextAreaField
          label="Notes (optional)"
          maxLength={NOTES_MAX}
          placeholder="e.g. Please show the serial number label"
          hint={`${notes.length}/${NOTES_MAX} characters`}
          {...form.input('notes')}
        />
        <p className="text-xs text-muted">You will find the photos on the Photo Requests page once they are ready.</p>
      </FailureForm>
    </Modal>
  );
}

import { preAlertInputSchema } from '@hopbox/contracts/arrivals';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { FailureForm } from '@/components/failure-form';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { FormActions, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-errors';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAttachInvoice, useCreatePreAlert } from '../api/arrivals';
import { AmountField } from './number-fields';
import { TrackingNumberField } from './tracking-number-field';

/** A field left empty is not given (null), rather than a value the contract's check refuses. */
const blankAsNull = (value: unknown) => (value === '' ? null : value);
const { declaredValue, expectedDate } = preAlertInputSchema.shape;
const formSchema = preAlertInputSchema.extend({
  declaredValue: z.preprocess(blankAsNull, declaredValue),
  expectedDate: z.preprocess(blankAsNull, expectedDate),
});

const FIELDS: readonly string[] = Object.keys(preAlertInputSchema.shape);
const DEFAULTS = { trackingNumber: '', retailer: '', content: '', declaredValue: '', currency: 'USD', expectedDate: '', notes: '' };
const NOTES_MAX = 1000;

/** "Add pre-alert": a parcel on its way, told by its tracking number, so the warehouse matches it when it arrives. */
export function AddPreAlertModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const create = useCreatePreAlert();
  const attach = useAttachInvoice();
  const form = useZodForm(formSchema, { defaultValues: DEFAULTS });
  const notes = String(form.watch('notes') ?? '');
  const [invoice, setInvoice] = useState<File[]>([]);
  const invoiceProblem = documentProblem(invoice, 1);

  useEffect(() => {
    if (!isOpen) return;
    form.reset(DEFAULTS);
    setInvoice([]);
  }, [isOpen, form.reset]);

  const submit = form.handleSubmit(async (input) => {
    if (invoiceProblem) return;
    let created: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      created = await create.mutateAsync(input);
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, 'Could not add the pre-alert');
      return;
    }
    onClose();
    const [file] = invoice;
    if (!file) return toast.success(`Pre-alert added for ${created.trackingNumber}`);
    try {
      await attach.mutateAsync({ id: created.id, file });
      toast.success(`Pre-alert added for ${created.trackingNumber}, with its invoice`);
    } catch (err) {
      // The pre-alert stands: the invoice can be attached again from its row.
      toast.error(`Pre-alert added for ${created.trackingNumber}, but the invoice was not attached: ${errorMessage(err)}`);
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Add pre-alert"
      description="Tell us about a parcel on its way: when it reaches the warehouse with this tracking number, it goes straight into your locker."
      maxWidth="max-w-lg"
    >
      <FailureForm onSubmit={submit} failure={form.failure}>
        <TrackingNumberField label="Tracking number" {...form.input('trackingNumber')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Retailer" placeholder="e.g. Amazon" {...form.input('retailer')} />
          <TextField label="Content" placeholder="e.g. Running shoes" {...form.input('content')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-[1fr_7rem]">
          <AmountField
            label="Declared value (optional)"
            hint="Fills in the customs declaration for you."
            {...form.input('declaredValue')}
          />
          <TextField label="Currency" maxLength={3} autoCapitalize="characters" className="uppercase" {...form.input('currency')} />
        </div>
        <TextField label="Expected date (optional)" type="date" {...form.input('expectedDate')} />
        <TextAreaField
          label="Notes (optional)"
          maxLength={NOTES_MAX}
          hint={`${notes.length}/${NOTES_MAX} characters`}
          {...form.input('notes')}
        />
        <DocumentPicker files={invoice} onChange={setInvoice} error={invoiceProblem} multiple={false} label="Attach invoice (optional)" />
        <FormActions onCancel={onClose} pending={create.isPending || attach.isPending} submitLabel="Add pre-alert" />
      </FailureForm>
    </Modal>
  );
}

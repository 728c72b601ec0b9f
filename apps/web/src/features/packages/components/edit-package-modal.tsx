import { messages } from '@hopbox/contracts/messages';
import { timesMoney } from '@hopbox/contracts/money';
import { type Package, type PackageEditInput, packageEditSchema } from '@hopbox/contracts/packages';
import { useEffect } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdatePackage } from '../api/update-package';
import { AmountField, QuantityField } from './number-fields';

const FIELDS: readonly string[] = ['description', 'quantity', 'unitPrice', 'totalPrice'];

/** SPEC.md section 5: a price that is not a number counts as 0. */
export function priceValue(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 0;
  const text = String(raw ?? '').trim();
  const value = Number(text);
  return text && Number.isFinite(value) ? value : 0;
}

/** An empty quantity is the default 1; anything else that is not a number counts as 0 (and fails "at least 1"). */
export function quantityValue(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 0;
  const text = String(raw ?? '').trim();
  if (!text) return 1;
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

function valuesOf(pkg: Package): PackageEditInput {
  return { description: pkg.description ?? '', quantity: pkg.quantity || 1, unitPrice: pkg.unitPrice, totalPrice: pkg.totalPrice };
}

/**
 * 'Edit Package': the declared description, quantity and prices (SPEC.md section 5). Changing the
 * quantity or the unit price fills in their product as the total, which stays editable.
 */
export function EditPackageModal({ pkg, isOpen, onClose }: { pkg: Package | null; isOpen: boolean; onClose: () => void }) {
  const update = useUpdatePackage();
  const form = useZodForm(packageEditSchema, { defaultValues: pkg ? valuesOf(pkg) : undefined });
  const errors = form.formState.errors;

  useEffect(() => {
    if (isOpen && pkg) form.reset(valuesOf(pkg));
  }, [isOpen, pkg, form.reset]);

  const recomputeTotal = () => {
    const quantity = quantityValue(form.getValues('quantity'));
    const unitPrice = priceValue(form.getValues('unitPrice'));
    form.setValue('totalPrice', timesMoney(unitPrice, quantity));
    form.clearErrors('totalPrice');
  };
  /** Quantity and unit price: a change fills in the total. */
  const totalInput = (name: 'quantity' | 'unitPrice', setValueAs: typeof priceValue) => ({
    error: errors[name]?.message,
    ...form.register(name, {
      setValueAs,
      onChange: () => {
        form.clearErrors(name);
        recomputeTotal();
      },
    }),
  });

  const submit = form.handleSubmit(async (values) => {
    if (!pkg) return;
    try {
      await update.mutateAsync({ id: pkg.id, input: values });
      toast.success(messages.packages.updated);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, messages.packages.updateFailed);
    }
  });

  const currency = pkg?.currency ?? '';
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Edit Package"
      description={pkg ? `${pkg.hopboxId} · ${pkg.shipper} · ${pkg.packageContent}` : undefined}
      maxWidth="max-w-lg"
    >
      <FailureForm onSubmit={submit} failure={form.failure}>
        <TextAreaField
          label="Description"
          rows={3}
          maxLength={2000}
          placeholder="What is in the package, as you would declare it"
          error={errors.description?.message}
          {...form.register('description', { onChange: () => form.clearErrors('description') })}
        />
        <div className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3">
          <QuantityField label="Quantity" {...totalInput('quantity', quantityValue)} />
          <AmountField label={`Unit Price (${currency})`} {...totalInput('unitPrice', priceValue)} />
          <AmountField
            containerClassName="col-span-2 sm:col-span-1"
            label={`Total Price (${currency})`}
            error={errors.totalPrice?.message}
            {...form.register('totalPrice', { setValueAs: priceValue, onChange: () => form.clearErrors('totalPrice') })}
          />
        </div>
        <p className="text-xs text-muted">
          The declared value is used for customs. Changing the quantity or unit price fills in the total; you can still adjust it.
        </p>
        <FormActions onCancel={onClose} pending={update.isPending} submitLabel={'Save Changes'} />
      </FailureForm>
    </Modal>
  );
}

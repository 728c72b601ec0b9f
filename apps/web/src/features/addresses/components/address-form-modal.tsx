import { type Address, type AddressInput, addressInputSchema } from '@hopbox/contracts/addresses';
import { isCountryName } from '@hopbox/contracts/countries';
import { messages } from '@hopbox/contracts/messages';
import { useEffect } from 'react';
import { Alert } from '@/components/alert';
import { FailureForm } from '@/components/failure-form';
import { FormActions, PhoneField, SelectField, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { useSaveAddress } from '../api/save-address';

const FIELDS: readonly string[] = ['label', 'recipientName', 'address', 'city', 'state', 'country', 'postalCode', 'phoneNumber'];
const REQUIRED = messages.addresses.requiredFields;

function valuesOf(address: Address | null, fallbackCountry: string): AddressInput {
  return {
    label: address?.label ?? '',
    recipientName: address?.recipientName ?? '',
    address: address?.address ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? fallbackCountry,
    postalCode: address?.postalCode ?? '',
    phoneNumber: address?.phoneNumber ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

/**
 * Add or edit an address. SPEC.md section 5: label, address, city and country are required
 * ('Please fill in all required fields', said once for the form); state, postal code and phone are optional.
 */
export function AddressFormModal({
  isOpen,
  onClose,
  address,
  isFirst,
  onSaved,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** The address to edit, or null to add one. */
  address: Address | null;
  /** The first address becomes the default whatever the checkbox says. */
  isFirst: boolean;
  /** Told the saved address (e.g. so the shipment wizard can choose the one just added). */
  onSaved?: (address: Address) => void;
}) {
  const session = useSession();
  const homeCountry = session?.user.country && isCountryName(session.user.country) ? session.user.country : '';
  const save = useSaveAddress();
  const form = useZodForm(addressInputSchema, { defaultValues: valuesOf(address, homeCountry) });
  const errors = form.formState.errors;
  const missingRequired = Object.values(errors).some((e) => e?.message === REQUIRED);
  // The required-fields message is shown once above the form; a field only repeats other messages.
  const fieldError = (name: keyof AddressInput) => {
    const message = errors[name]?.message;
    return message && message !== REQUIRED ? message : undefined;
  };
  /** A required field: marked invalid by any error, even the one shown above the form. */
  const requiredField = (name: keyof AddressInput) => ({
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    error: fieldError(name),
    ...form.field(name),
  });

  useEffect(() => {
    if (isOpen) form.reset(valuesOf(address, homeCountry));
  }, [isOpen, address, homeCountry, form.reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: address?.id, input: values });
      onSaved?.(saved);
      toast.success(address ? messages.addresses.updated : messages.addresses.added);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, messages.addresses.saveFailed);
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={address ? 'Edit Address' : 'Add New Address'} maxWidth="max-w-2xl">
      <FailureForm onSubmit={submit} failure={form.failure}>
        {missingRequired && <Alert tone="error">{REQUIRED}</Alert>}
        <p className="text-xs text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">required</span> are required.
        </p>
        <TextField label="Label *" placeholder="e.g. Home, Office" autoComplete="off" {...requiredField('label')} />
        <TextField
          label="Recipient name"
          autoComplete="name"
          maxLength={120}
          hint={
            session?.user.fullName
              ? `Who receives the parcel here. Leave it empty to use your name, ${session.user.fullName}.`
              : 'Who receives the parcel here. Leave it empty to use your name.'
          }
          error={fieldError('recipientName')}
          {...form.field('recipientName')}
        />
        <TextField
          label="Address *"
          placeholder="Street, building, apartment"
          autoComplete="street-address"
          {...requiredField('address')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City *" autoComplete="address-level2" {...requiredField('city')} />
          <TextField label="State" autoComplete="address-level1" error={fieldError('state')} {...form.field('state')} />
          <SelectField
            label="Country *"
            autoComplete="country-name"
            placeholder="Select country"
            options={COUNTRY_OPTIONS}
            {...requiredField('country')}
          />
          <TextField label="Postal Code" autoComplete="postal-code" error={fieldError('postalCode')} {...form.field('postalCode')} />
        </div>
        <PhoneField
          label="Phone Number"
          autoComplete="tel"
          placeholder="050 123 4567"
          readIn="the country above"
          error={fieldError('phoneNumber')}
          {...form.field('phoneNumber')}
        />
        {!address?.isDefault && (
          <label className="flex items-center gap-2.5 text-sm text-fg">
            <input
              type="checkbox"
              className="size-4 rounded border-line-strong accent-[var(--accent)]"
              disabled={isFirst}
              {...(isFirst ? { checked: true, readOnly: true } : form.register('isDefault'))}
            />
            {isFirst ? 'Your first address becomes your default address' : 'Make this my default address'}
          </label>
        )}
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel={address ? 'Save Changes' : 'Add Address'} />
      </FailureForm>
    </Modal>
  );
}

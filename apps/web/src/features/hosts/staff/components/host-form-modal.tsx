import { type Host, type HostInput, hostInputSchema } from '@hopbox/contracts/hosts';
import { DEFAULT_FREE_STORAGE_DAYS, DEFAULT_STORAGE_FEE_PER_DAY, MAX_FREE_STORAGE_DAYS } from '@hopbox/contracts/storage';
import { useEffect } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions, PhoneField, SelectField, TextField } from '@/components/form-field';
import { FormSection } from '@/components/form-section';
import { Modal } from '@/components/modal';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { optionsOf } from '@/lib/select-options';
import { toast } from '@/lib/toast';
import { useSaveHost } from '../api/save-host';

const FIELDS: readonly string[] = [
  'name',
  'address',
  'city',
  'country',
  'postalCode',
  'email',
  'phone',
  'code',
  'active',
  'remoteAddressService',
  'freeStorageDays',
  'storageFeePerDay',
];

const BLANK: HostInput = {
  name: '',
  code: '',
  address: '',
  city: '',
  country: '',
  postalCode: '',
  email: '',
  phone: '',
  active: true,
  remoteAddressService: false,
  freeStorageDays: String(DEFAULT_FREE_STORAGE_DAYS),
  storageFeePerDay: DEFAULT_STORAGE_FEE_PER_DAY.toFixed(2),
};

function valuesOf(host: Host | null): HostInput {
  if (!host) return BLANK;
  return {
    name: host.name,
    code: host.code,
    address: host.address,
    city: host.city,
    country: host.country,
    postalCode: host.postalCode ?? '',
    email: host.email ?? '',
    phone: host.phone ?? '',
    active: host.active,
    remoteAddressService: host.remoteAddressService,
    freeStorageDays: String(host.freeStorageDays),
    storageFeePerDay: host.storageFeePerDay.toFixed(2),
  };
}

const checkboxClasses = 'size-4 rounded border-line-strong text-accent accent-[var(--accent)] focus:ring-2 focus:ring-ring/30';

/** Create a host (host null) or edit one: every field of hostInputSchema. */
export function HostFormModal({ isOpen, host, onClose }: { isOpen: boolean; host: Host | null; onClose: () => void }) {
  const save = useSaveHost();
  const form = useZodForm(hostInputSchema, { defaultValues: valuesOf(host) });
  const _errors = form.formState.errors;
  const country = form.watch('country');
  // A host saved with a country name the shared list no longer has keeps it as a choice.
  const countries =
    country && !COUNTRY_OPTIONS.some((c) => c.value === country) ? [...optionsOf([country]), ...COUNTRY_OPTIONS] : COUNTRY_OPTIONS;

  useEffect(() => {
    if (isOpen) {
      form.reset(valuesOf(host));
      save.reset();
    }
  }, [isOpen, host, form.reset, save.reset]);

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: host?.id ?? null, input });
      toast.success(host ? `${saved.name} saved` : `${saved.name} added`);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS);
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={host ? `Edit ${host.name}` : 'Add a host'}
      description="A warehouse customers ship their parcels to."
      maxWidth="max-w-2xl"
    >
      <FailureForm onSubmit={submit} failure={form.failure}>
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <TextField label="Name" autoComplete="off" {...form.input('name')} />
          <TextField
            label="Code"
            autoComplete="off"
            spellCheck={false}
            hint="2 to 12 letters, digits or dashes"
            className="font-mono uppercase"
            {...form.input('code')}
          />
        </div>
        <TextField label="Address" autoComplete="off" {...form.input('address')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City" autoComplete="off" {...form.input('city')} />
          <TextField label="Postal code" autoComplete="off" {...form.input('postalCode')} />
        </div>
        <SelectField label="Country" placeholder="Choose a country" options={countries} {...form.input('country')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="off" {...form.input('email')} />
          <PhoneField label="Phone" autoComplete="off" readIn="the host's country" {...form.input('phone')} />
        </div>
        <FormSection legend="Storage">
          <p className="mb-3 text-xs text-muted">
            Counted from the day a package is received. After the free days, each started day costs the fee, per package.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Free storage days"
              inputMode="numeric"
              autoComplete="off"
              hint={`0 to ${MAX_FREE_STORAGE_DAYS} days`}
              {...form.input('freeStorageDays')}
            />
            <TextField
              label="Storage fee per day (AED)"
              inputMode="decimal"
              autoComplete="off"
              hint="Per package, after the free days"
              {...form.input('storageFeePerDay')}
            />
          </div>
        </FormSection>
        <FormSection legend="Service" className="space-y-3">
          <label className="flex items-start gap-3 text-sm text-fg">
            <input type="checkbox" className={`${checkboxClasses} mt-0.5`} {...form.register('active')} />
            <span>
              Active
              <span className="block text-xs text-muted">Customers see an active host as a locker address on their dashboard.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-fg">
            <input type="checkbox" className={`${checkboxClasses} mt-0.5`} {...form.register('remoteAddressService')} />
            <span>
              Remote address service
              <span className="block text-xs text-muted">The host accepts parcels addressed to customers who live elsewhere.</span>
            </span>
          </label>
        </FormSection>
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel={host ? 'Save Changes' : 'Add host'} />
      </FailureForm>
    </Modal>
  );
}

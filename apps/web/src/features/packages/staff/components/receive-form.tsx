import { PACKAGE_CONDITIONS, type Package, receivePackageSchema } from '@hopbox/contracts/packages';
import { PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { PackageCheck } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { SelectField, TextField } from '@/components/form-field';
import { PhotoDropZone } from '@/components/photo-drop-zone';
import { PhotoPreviews } from '@/components/photo-previews';
import { TextAreaField } from '@/components/textarea-field';
import { UnitField } from '@/components/unit-field';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { formFields } from '@/lib/forms';
import { optionsOf } from '@/lib/select-options';
import type { LockerOwner } from '../api/get-locker-owner';
import { useReceivePackage } from '../api/receive-package';

export interface ReceiveFormValues {
  shipper: string;
  packageContent: string;
  origin: string;
  externalTrackingNumber: string;
  shipmentStatus: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  currency: string;
  packageWeight: string;
  unitWeight: string;
  packageLength: string;
  packageBreadth: string;
  packageHeight: string;
  description: string;
  notes: string;
}

const EMPTY: ReceiveFormValues = {
  shipper: '',
  packageContent: '',
  origin: '',
  externalTrackingNumber: '',
  shipmentStatus: 'Not damaged',
  quantity: '1',
  unitPrice: '',
  totalPrice: '',
  currency: 'USD',
  packageWeight: '',
  unitWeight: '',
  packageLength: '',
  packageBreadth: '',
  packageHeight: '',
  description: '',
  notes: '',
};

const FORM_FIELDS = Object.keys(EMPTY) as (keyof ReceiveFormValues)[];
const OPTIONAL_NUMBERS: readonly (keyof ReceiveFormValues)[] = [
  'quantity',
  'unitPrice',
  'totalPrice',
  'unitWeight',
  'packageLength',
  'packageBreadth',
  'packageHeight',
];

/** ISO 4217 codes the browser knows (a maintained list), the common ones first. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'AED', 'CNY', 'JPY'];
const CURRENCIES = [
  ...COMMON_CURRENCIES,
  ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []).filter((c) => !COMMON_CURRENCIES.includes(c)),
];

/** Blank optional numbers are left out, so the contract's defaults (0, or 1 for the quantity) apply. */
function toInput(lockerNumber: string, values: ReceiveFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { lockerNumber };
  for (const key of FORM_FIELDS) {
    const value = values[key].trim();
    const numeric = key === 'packageWeight' || OPTIONAL_NUMBERS.includes(key);
    if (value === '' && numeric) continue;
    // A decimal comma ("1,5") is read as a point.
    input[key] = numeric ? value.replace(',', '.') : value;
  }
  return input;
}

function roundMoney(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

export interface ReceiveFormProps {
  owner: LockerOwner | null;
  onReceived: (pkg: Package, owner: LockerOwner, photoCount: number) => void;
  /** A server error on the locker number goes back to the lookup. */
  onLockerError: (message: string) => void;
}

/** Step 2 and 3: what arrived, and the photos taken at receipt. */
/** The box's three sides, in the order of the label (L × B × H). */
const DIMENSIONS = [
  { name: 'packageLength', label: 'Length' },
  { name: 'packageBreadth', label: 'Breadth' },
  { name: 'packageHeight', label: 'Height' },
] as const;

export function ReceiveForm({ owner, onReceived, onLockerError }: ReceiveFormProps) {
  const receive = useReceivePackage();
  const form = useForm<ReceiveFormValues>({ defaultValues: EMPTY });
  const errors = form.formState.errors;
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const totalEdited = useRef(false);
  const photosHintId = useId();
  const disabled = !owner || receive.isPending;

  const { input } = formFields(form);

  // The total follows quantity × unit price until someone types a total of their own.
  const quantity = form.watch('quantity');
  const unitPrice = form.watch('unitPrice');
  useEffect(() => {
    if (totalEdited.current) return;
    const q = Number(quantity.replace(',', '.'));
    const p = Number(unitPrice.replace(',', '.'));
    form.setValue('totalPrice', unitPrice.trim() && Number.isFinite(q) && Number.isFinite(p) ? roundMoney(q * p) : '');
  }, [quantity, unitPrice, form]);

  const addPhotos = (files: File[]) => {
    setPhotoError(null);
    setPhotos((current) => {
      const room = PHOTO_MAX_FILES - current.length;
      if (files.length > room) toast.error(`At most ${PHOTO_MAX_FILES} photos per package`);
      return [...current, ...files.slice(0, Math.max(room, 0))];
    });
  };

  const submit = form.handleSubmit(async (values) => {
    if (!owner) return;
    const parsed = receivePackageSchema.safeParse(toInput(owner.lockerNumber, values));
    if (!parsed.success) {
      const named = new Set<string>();
      if (!values.packageWeight.trim()) {
        form.setError('packageWeight', { message: 'Package weight is required' });
        named.add('packageWeight');
      }
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (!(FORM_FIELDS as string[]).includes(name) || named.has(name)) continue;
        form.setError(name as FieldPath<ReceiveFormValues>, { message: issue.message }, { shouldFocus: named.size === 0 });
        named.add(name);
      }
      return;
    }
    try {
      const pkg = await receive.mutateAsync({ input: parsed.data, photos });
      onReceived(pkg, owner, photos.length);
      form.reset(EMPTY);
      totalEdited.current = false;
      setPhotos([]);
    } catch (err) {
      const message = errorMessage(err);
      const name = err instanceof ApiError ? err.field : undefined;
      if (name && (FORM_FIELDS as string[]).includes(name)) {
        form.setError(name as FieldPath<ReceiveFormValues>, { message }, { shouldFocus: true });
      } else if (name === 'files') {
        setPhotoError(message);
      } else if (name === 'lockerNumber') {
        onLockerError(message);
      }
      toast.error(message);
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Package received" className="space-y-6">
      <fieldset disabled={disabled} className="min-w-0 space-y-6">
        <legend className="sr-only">Package details</legend>
        {!owner && (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-muted">
            Find the customer first: the package details unlock once the locker number belongs to a customer.
          </p>
        )}
        <TitledCard title="2. Package" description="As it reads on the parcel and its paperwork. Shipper, content and origin are required.">
          <div className="grid gap-5 px-5 py-5 sm:grid-cols-2 sm:px-6">
            <TextField label="Shipper" autoComplete="off" {...input('shipper')} />
            <TextField label="Content" autoComplete="off" {...input('packageContent')} />
            <SelectField label="Origin" placeholder="Choose a country" options={COUNTRY_OPTIONS} {...input('origin')} />
            <TextField label="Tracking number" autoComplete="off" spellCheck={false} {...input('externalTrackingNumber')} />
            <SelectField label="Condition" options={optionsOf(PACKAGE_CONDITIONS)} {...input('shipmentStatus')} />
          </div>
        </TitledCard>

        <TitledCard
          title="3. Value, weight and size"
          description="The package weight is required. The total follows quantity × unit price unless you change it."
        >
          <div className="space-y-5 px-5 py-5 sm:px-6">
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
              <TextField label="Quantity" inputMode="numeric" autoComplete="off" {...input('quantity')} />
              <TextField label="Unit price" inputMode="decimal" autoComplete="off" placeholder="0.00" {...input('unitPrice')} />
              <TextField
                label="Total price"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                error={errors.totalPrice?.message}
                {...form.register('totalPrice', {
                  onChange: () => {
                    totalEdited.current = true;
                    form.clearErrors('totalPrice');
                  },
                })}
              />
              <SelectField label="Currency" options={optionsOf(CURRENCIES)} {...input('currency')} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
              <UnitField label="Package weight" unit="kg" unitName="kilograms" {...input('packageWeight')} />
              <UnitField label="Unit weight" unit="kg" unitName="kilograms" {...input('unitWeight')} />
            </div>
            <fieldset className="min-w-0">
              <legend className="mb-1.5 text-sm font-medium text-fg">
                Dimensions <span className="font-normal text-muted">(L × B × H)</span>
              </legend>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_1fr_auto_1fr] sm:items-start">
                {DIMENSIONS.map(({ name, label }, index) => (
                  <Fragment key={name}>
                    {index > 0 && (
                      <span aria-hidden="true" className="hidden pt-8 text-muted sm:block">
                        ×
                      </span>
                    )}
                    <UnitField label={label} unit="cm" unitName="centimetres" {...input(name)} />
                  </Fragment>
                ))}
              </div>
            </fieldset>
          </div>
        </TitledCard>

        <TitledCard title="4. Description and photos" description="The customer sees the description, notes and photos in their portal.">
          <div className="space-y-5 px-5 py-5 sm:px-6">
            <div className="grid gap-5 lg:grid-cols-2">
              <TextAreaField label="Description" {...input('description')} />
              <TextAreaField label="Notes" {...input('notes')} />
            </div>
            <div className="space-y-3">
              <p className="text-sm font-medium text-fg">Photos taken at receipt</p>
              <PhotoDropZone
                label="Add photos taken at receipt"
                onFiles={addPhotos}
                disabled={disabled || photos.length >= PHOTO_MAX_FILES}
                maxFiles={Math.max(PHOTO_MAX_FILES - photos.length, 1)}
                invalid={Boolean(photoError)}
                describedBy={photoError ? photosHintId : undefined}
              />
              {photoError && (
                <p id={photosHintId} role="alert" className="text-xs font-medium text-danger">
                  {photoError}
                </p>
              )}
              <PhotoPreviews
                files={photos}
                disabled={disabled}
                onRemove={(index) => setPhotos((current) => current.filter((_, i) => i !== index))}
              />
            </div>
          </div>
        </TitledCard>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button
          variant="secondary"
          disabled={receive.isPending}
          onClick={() => {
            form.reset(EMPTY);
            totalEdited.current = false;
            setPhotos([]);
            setPhotoError(null);
          }}
        >
          Clear form
        </Button>
        <Button type="submit" size="lg" disabled={!owner} loading={receive.isPending}>
          {!receive.isPending && <PackageCheck className="size-4" aria-hidden="true" />}
          {receive.isPending
            ? 'Receiving...'
            : photos.length > 0
              ? `Receive package with ${photos.length} photo${photos.length === 1 ? '' : 's'}`
              : 'Receive package'}
        </Button>
      </div>
    </form>
  );
}

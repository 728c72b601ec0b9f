import { timesMoney } from '@hopbox/contracts/money';
import { PACKAGE_CONDITIONS, receivePackageSchema } from '@hopbox/contracts/packages';
import { PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { PackageCheck } from 'lucide-react';
import { type FocusEvent, Fragment, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { SelectField, TextField } from '@/components/form-field';
import { LocationField } from '@/components/location-field';
import { PhotoDropZone } from '@/components/photo-drop-zone';
import { PhotoPreviews } from '@/components/photo-previews';
import { TextAreaField } from '@/components/textarea-field';
import { UnitField } from '@/components/unit-field';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { formFields } from '@/lib/forms';
import { useLocationsOfOrigin } from '@/lib/host-locations';
import { focusField, scannerKeyDown, submitModifierLabel } from '@/lib/scanner-keys';
import { optionsOf } from '@/lib/select-options';
import { toast } from '@/lib/toast';
import { fetchLockerOwner, type LockerOwner } from '../api/get-locker-owner';
import { useReceivingOrigin } from '../api/get-receiving-origin';
import { type ReceivedPackage, useReceivePackage } from '../api/receive-package';
import { unitWeightOf } from '../receive-rules';

export interface ReceiveFormValues {
  shipper: string;
  packageContent: string;
  origin: string;
  externalTrackingNumber: string;
  shipmentStatus: string;
  /** The shelf or bin it is put on (decision 053). */
  location: string;
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
  /** The day it arrived (YYYY-MM-DD), when booked in late; blank is now. */
  receivedDate: string;
}

const EMPTY: ReceiveFormValues = {
  shipper: '',
  packageContent: '',
  origin: '',
  externalTrackingNumber: '',
  shipmentStatus: 'Not damaged',
  location: '',
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
  receivedDate: '',
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

/**
 * Blank optional numbers are left out, so the contract's defaults (0, or 1 for the quantity) apply. Without a
 * locker number the API finds the customer who announced the tracking number, or receives it unidentified.
 */
function toInput(lockerNumber: string | null, values: ReceiveFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = lockerNumber ? { lockerNumber } : {};
  for (const key of FORM_FIELDS) {
    const value = values[key].trim();
    if (key === 'receivedDate') {
      if (value) input.receivedDate = receivedAt(value);
      continue;
    }
    const numeric = key === 'packageWeight' || OPTIONAL_NUMBERS.includes(key);
    if (value === '' && numeric) continue;
    // A decimal comma ("1,5") is read as a point.
    input[key] = numeric ? value.replace(',', '.') : value;
  }
  return input;
}

/**
 * A parcel booked in late arrived on that day, at this time of day: its free storage counts from then
 * (issue "Declare, insure"). An unreadable day is sent as typed, for the API's message.
 */
function receivedAt(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const at = new Date();
  at.setFullYear(year ?? Number.NaN, (month ?? Number.NaN) - 1, date ?? Number.NaN);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
}

export interface ReceiveFormProps {
  owner: LockerOwner | null;
  /** No suite number on the label: received without a locker (issue "Arrivals"), so no owner is needed. */
  noSuite: boolean;
  /** The tracking number looked up in step 1 (no suite number): it fills the Tracking number field. */
  trackingNumber: string | null;
  /** Enter on, or leaving, the Tracking number field: the page asks who announced it. */
  onTrackingNumber: (trackingNumber: string) => void;
  /** Shown under the package's fields: who announced the tracking number. */
  match?: ReactNode;
  /** Bumped on each locker lookup: once its customer is found, the cursor moves to the first field. */
  focusRequest: number;
  /** The form element: the page submits it on Ctrl+Enter in the locker field. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The package and its owner, null when it was received unidentified. */
  onReceived: (pkg: ReceivedPackage, owner: LockerOwner | null, photoCount: number) => void;
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

export function ReceiveForm({
  owner,
  noSuite,
  trackingNumber,
  onTrackingNumber,
  match,
  focusRequest,
  formRef,
  onReceived,
  onLockerError,
}: ReceiveFormProps) {
  const receive = useReceivePackage();
  const origin = useReceivingOrigin();
  const emptyValues = (): ReceiveFormValues => ({ ...EMPTY, origin });
  const form = useForm<ReceiveFormValues>({ defaultValues: emptyValues() });
  const errors = form.formState.errors;
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const totalEdited = useRef(false);
  const unitWeightEdited = useRef(false);
  // Lookups made before this form appeared (e.g. before "Receive another") are already served.
  const focusServed = useRef(focusRequest);
  const photosHintId = useId();
  const ready = noSuite || Boolean(owner);
  const disabled = !ready || receive.isPending;

  const { input } = formFields(form);
  const locations = useLocationsOfOrigin(form.watch('origin'));

  // The origin defaults to the warehouse's country once the hosts are known, unless someone chose one.
  useEffect(() => {
    if (origin && !form.getValues('origin')) form.setValue('origin', origin);
  }, [origin, form]);

  // The tracking number found in step 1 is the parcel's.
  useEffect(() => {
    if (trackingNumber) form.setValue('externalTrackingNumber', trackingNumber);
  }, [trackingNumber, form]);

  // A lookup that found its customer (or its pre-alert) hands the cursor to the first field, once per lookup.
  useEffect(() => {
    if (!ready || focusRequest === focusServed.current) return;
    focusServed.current = focusRequest;
    form.setFocus('shipper', { shouldSelect: true });
  }, [ready, focusRequest, form]);

  /** Shows each error on its field and moves to the first wrong field in the order of the form. */
  const showErrors = (found: Map<keyof ReceiveFormValues, string>) => {
    for (const [name, message] of found) form.setError(name, { message });
    const first = FORM_FIELDS.find((name) => found.has(name));
    const field = first ? formRef.current?.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) focusField(field);
  };

  const resetForm = () => {
    form.reset(emptyValues());
    totalEdited.current = false;
    unitWeightEdited.current = false;
    setPhotos([]);
    setPhotoError(null);
  };

  // The total follows quantity × unit price until someone types a total of their own.
  const quantity = form.watch('quantity');
  const unitPrice = form.watch('unitPrice');
  useEffect(() => {
    if (totalEdited.current) return;
    const q = Number(quantity.replace(',', '.'));
    const p = Number(unitPrice.replace(',', '.'));
    form.setValue('totalPrice', unitPrice.trim() && Number.isFinite(q) && Number.isFinite(p) ? timesMoney(p, q).toFixed(2) : '');
  }, [quantity, unitPrice, form]);

  // The unit weight follows package weight ÷ quantity until someone types a unit weight of their own.
  const packageWeight = form.watch('packageWeight');
  useEffect(() => {
    if (unitWeightEdited.current) return;
    form.setValue('unitWeight', unitWeightOf(packageWeight, quantity));
  }, [packageWeight, quantity, form]);

  /** A computed field staff may overwrite: typing in it stops it following the others. */
  const ownValue = (name: 'totalPrice' | 'unitWeight', edited: RefObject<boolean>) => ({
    error: errors[name]?.message,
    ...form.register(name, {
      onChange: () => {
        edited.current = true;
        form.clearErrors(name);
      },
    }),
  });

  /** Leaving the tracking field (Enter moves on) asks who announced the number. */
  const tracking = input('externalTrackingNumber');
  const trackingField = {
    ...tracking,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      void tracking.onBlur(event);
      const typed = event.target.value.trim();
      if (typed) onTrackingNumber(typed);
    },
  };

  const addPhotos = (files: File[]) => {
    setPhotoError(null);
    setPhotos((current) => {
      const room = PHOTO_MAX_FILES - current.length;
      if (files.length > room) toast.error(`At most ${PHOTO_MAX_FILES} photos per package`);
      return [...current, ...files.slice(0, Math.max(room, 0))];
    });
  };

  const submit = form.handleSubmit(async (values) => {
    if (!ready) return;
    const lockerNumber = noSuite ? null : (owner?.lockerNumber ?? null);
    const parsed = receivePackageSchema.safeParse(toInput(lockerNumber, values));
    if (!parsed.success) {
      const found = new Map<keyof ReceiveFormValues, string>();
      if (!values.packageWeight.trim()) found.set('packageWeight', 'Package weight is required');
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '') as keyof ReceiveFormValues;
        if (FORM_FIELDS.includes(name) && !found.has(name)) found.set(name, issue.message);
      }
      showErrors(found);
      return;
    }
    try {
      const pkg = await receive.mutateAsync({ input: parsed.data, photos });
      // Without a locker typed, the owner is whoever announced it (for the label), or nobody.
      const who = owner && !noSuite ? owner : pkg.lockerNumber ? await fetchLockerOwner(pkg.lockerNumber).catch(() => null) : null;
      onReceived(pkg, who, photos.length);
      resetForm();
    } catch (err) {
      const message = errorMessage(err);
      const name = err instanceof ApiError ? err.field : undefined;
      if (name && (FORM_FIELDS as string[]).includes(name)) {
        showErrors(new Map([[name as keyof ReceiveFormValues, message]]));
      } else if (name === 'files') {
        setPhotoError(message);
      } else if (name === 'lockerNumber') {
        onLockerError(message);
      }
      toast.error(message);
    }
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      onKeyDown={scannerKeyDown(() => {
        if (ready && !receive.isPending) void submit();
      })}
      aria-label="Package received"
      aria-keyshortcuts="Control+Enter Meta+Enter"
      className="space-y-6"
    >
      <fieldset disabled={disabled} className="min-w-0 space-y-6">
        <legend className="sr-only">Package details</legend>
        {!ready && (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-muted">
            Find the customer first: the package details unlock once the locker number belongs to a customer, or once you choose No suite
            number on the label.
          </p>
        )}
        <TitledCard
          title="2. Package"
          description="As it reads on the parcel and its paperwork, and the shelf or bin it goes on. Shipper, content, origin and location are required."
        >
          <div className="grid gap-5 px-5 py-5 sm:grid-cols-2 sm:px-6">
            <TextField label="Shipper" autoComplete="off" {...input('shipper')} />
            <TextField label="Content" autoComplete="off" {...input('packageContent')} />
            <SelectField label="Origin" placeholder="Choose a country" options={COUNTRY_OPTIONS} {...input('origin')} />
            <TextField label="Tracking number" autoComplete="off" spellCheck={false} {...trackingField} />
            <SelectField label="Condition" options={optionsOf(PACKAGE_CONDITIONS)} {...input('shipmentStatus')} />
            <LocationField
              label="Location"
              placeholder="Scan the shelf or bin label"
              hint={locations.hostName ? `A shelf or bin of ${locations.hostName}` : undefined}
              codes={locations.codes}
              {...input('location')}
            />
          </div>
          {match}
        </TitledCard>

        <TitledCard
          title="3. Value, weight and size"
          description="The package weight is required. The total follows quantity × unit price, and the unit weight package weight ÷ quantity, unless you change them."
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
                {...ownValue('totalPrice', totalEdited)}
              />
              <SelectField label="Currency" options={optionsOf(CURRENCIES)} {...input('currency')} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
              <UnitField label="Package weight" unit="kg" unitName="kilograms" {...input('packageWeight')} />
              <UnitField label="Unit weight" unit="kg" unitName="kilograms" {...ownValue('unitWeight', unitWeightEdited)} />
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
            {/* Rarely used, so after the fields a scanner walks through with Enter. */}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Received on"
                type="date"
                max={new Date().toISOString().slice(0, 10)}
                hint="Leave empty for today. For a parcel booked in late, its free storage counts from this day."
                {...input('receivedDate')}
              />
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
        <KeyboardHint />
        <Button variant="secondary" disabled={receive.isPending} onClick={resetForm}>
          Clear form
        </Button>
        <Button type="submit" size="lg" disabled={!ready} loading={receive.isPending} aria-keyshortcuts="Control+Enter Meta+Enter">
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

const kbdClasses = 'rounded border border-line-strong bg-subtle px-1.5 py-0.5 font-mono text-[11px] text-fg';

/** How the form is driven from the keyboard (a scanner types and presses Enter); not on phones, which have no Ctrl key. */
function KeyboardHint() {
  return (
    <p className="hidden text-xs text-muted sm:mr-auto sm:block">
      <kbd className={kbdClasses}>Enter</kbd> next field · <kbd className={kbdClasses}>{submitModifierLabel()}</kbd>+
      <kbd className={kbdClasses}>Enter</kbd> receive
    </p>
  );
}

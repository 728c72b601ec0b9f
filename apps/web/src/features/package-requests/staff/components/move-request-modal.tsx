import {
  PACKAGE_REQUEST_AFTER_PHOTO_REQUIRED,
  PACKAGE_REQUEST_RESULTS,
  PACKAGE_REQUEST_STAFF_NOTES_MAX,
  PACKAGE_REQUEST_TYPE_LABELS,
  packageRequestWords,
  requestPhotoProblem,
  SPLIT_PARCELS_MAX,
  SPLIT_PARCELS_MIN,
  type StaffPackageRequestUpdate,
} from '@hopbox/contracts/package-requests';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button, IconButton } from '@/components/button';
import { TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { PhotoPicker } from '@/components/photo-picker';
import { PhotoStrip } from '@/components/photo-strip';
import { TextAreaField } from '@/components/textarea-field';
import { UnitField } from '@/components/unit-field';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { type QueuedRequest, useMoveRequest } from '../api/package-request-queue';

export type RequestAction = 'take' | 'finish' | 'refuse';

const SIZE_FIELDS = [
  { key: 'packageWeight', label: 'Weight', unit: 'kg', unitName: 'kilograms' },
  { key: 'packageLength', label: 'Length', unit: 'cm', unitName: 'centimetres' },
  { key: 'packageBreadth', label: 'Breadth', unit: 'cm', unitName: 'centimetres' },
  { key: 'packageHeight', label: 'Height', unit: 'cm', unitName: 'centimetres' },
] as const;
type Size = Record<(typeof SIZE_FIELDS)[number]['key'], string>;
/** A parcel of a split as staff fill it in, with its photo (which becomes the new package's receipt photo). */
type Parcel = Size & { packageContent: string; photo: File[] };
const EMPTY_SIZE: Size = { packageWeight: '', packageLength: '', packageBreadth: '', packageHeight: '' };
const emptyParcel = (): Parcel => ({ packageContent: '', ...EMPTY_SIZE, photo: [] });
type Errors = Record<string, string>;

/** The weight and three sides of a box, each with its unit; `prefix` names the fields' errors (`result.parcels.0.`). */
function SizeFields({
  value,
  onChange,
  errors,
  prefix,
  name,
}: {
  value: Size;
  onChange: (v: Size) => void;
  errors: Errors;
  prefix: string;
  name: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SIZE_FIELDS.map((f) => (
        <UnitField
          key={f.key}
          label={name ? `${f.label} (${name})` : f.label}
          unit={f.unit}
          unitName={f.unitName}
          value={value[f.key]}
          onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
          error={errors[`${prefix}${f.key}`]}
        />
      ))}
    </div>
  );
}

const TITLES: Record<RequestAction, string> = { take: 'Take the request', finish: 'Finish the request', refuse: 'Refuse the request' };
const STATUS_OF = { take: 'IN_PROGRESS', finish: 'DONE', refuse: 'REJECTED' } as const;

/** The errors of a result checked by its type's schema in contracts, keyed by the API's field path. */
function resultErrors(request: QueuedRequest, result: unknown): Errors {
  const schema = PACKAGE_REQUEST_RESULTS[request.type];
  if (!schema) return {};
  const parsed = schema.safeParse(result);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[['result', ...issue.path].join('.')] ??= issue.message;
  return errors;
}

/** The photos a move sends, in order: a split's parcels' photos in the parcels' order, or the ones chosen for the move. */
const photosOf = (type: QueuedRequest['type'], action: RequestAction, photos: File[], parcels: Parcel[]) =>
  action === 'refuse' ? [] : action === 'finish' && type === 'SPLIT' ? parcels.flatMap((p) => p.photo) : photos;

/**
 * Staff's move of a package request (decisions 061, 069): take it (IN_PROGRESS) with photos of the package before the
 * work, finish it (DONE) with what its type produced (new weight and size, the split's parcels, the return's carrier
 * and tracking number) and photos after it (a repack's and removed packaging's required, a split's one per parcel),
 * or refuse it (REJECTED) saying why. The customer reads the note and sees the photos.
 */
export function MoveRequestModal({
  request,
  action,
  onClose,
}: {
  request: QueuedRequest | null;
  action: RequestAction;
  onClose: () => void;
}) {
  const move = useMoveRequest();
  const [notes, setNotes] = useState('');
  const [size, setSize] = useState<Size>(EMPTY_SIZE);
  const [parcels, setParcels] = useState<Parcel[]>([emptyParcel(), emptyParcel()]);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!request) return;
    setNotes('');
    setPhotos([]);
    setSize(EMPTY_SIZE);
    setParcels([emptyParcel(), emptyParcel()]);
    setCarrier('');
    setTrackingNumber('');
    setErrors({});
    move.reset();
  }, [request, move.reset]);

  if (!request) return <Modal isOpen={false} onClose={onClose} title={TITLES[action]} />;
  const type = request.type;
  const result =
    type === 'REPACK' || type === 'REMOVE_PACKAGING'
      ? size
      : type === 'SPLIT'
        ? { parcels: parcels.map(({ photo: _, ...parcel }) => parcel) }
        : type === 'RETURN_TO_SENDER'
          ? { carrier, trackingNumber }
          : undefined;

  const submit = async () => {
    const found: Errors = action === 'finish' ? resultErrors(request, result) : {};
    if (action === 'refuse' && notes.trim() === '') found.notes = packageRequestWords.rejectNoteRequired;
    const sent = photosOf(type, action, photos, parcels);
    const photoProblem = requestPhotoProblem(type, STATUS_OF[action], sent.length, parcels.length);
    if (photoProblem) found.files = photoProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: StaffPackageRequestUpdate = { status: STATUS_OF[action], notes: notes.trim() || null };
    if (action === 'finish' && result) body.result = result as Record<string, unknown>;
    try {
      await move.mutateAsync({ id: request.id, body, photos: sent });
      toast.success(packageRequestWords.moved[STATUS_OF[action]] ?? '', {
        description: `${request.hopboxId} · ${PACKAGE_REQUEST_TYPE_LABELS[type]}`,
      });
      onClose();
    } catch (err) {
      // A field the server names (result.packageWeight) is shown at its field; the rest above the buttons.
      const field = (err as { field?: string }).field;
      if (field) setErrors({ [field]: errorMessage(err) });
    }
  };

  const setParcel = (i: number, next: Parcel) => setParcels(parcels.map((p, j) => (j === i ? next : p)));
  // Choosing a photo answers the refusal that asked for one.
  const choosePhotos = (chosen: File[]) => {
    setPhotos(chosen);
    setErrors(({ files: _, ...rest }) => rest);
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={TITLES[action]}
      description={`${request.hopboxId} · ${PACKAGE_REQUEST_TYPE_LABELS[type]} · ${request.customerName} (${request.lockerNumber})`}
      maxWidth={action === 'finish' && type === 'SPLIT' ? 'max-w-2xl' : 'max-w-lg'}
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={action === 'refuse' ? 'danger' : 'primary'} loading={move.isPending} onClick={() => void submit()}>
            {action === 'take' ? 'Take it' : action === 'finish' ? 'Mark done' : 'Refuse'}
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        {request.notes && (
          <div className="rounded-lg bg-subtle px-3.5 py-3 text-sm">
            <p className="text-xs font-medium text-muted">The customer's notes</p>
            <p className="mt-1 whitespace-pre-line text-fg">{request.notes}</p>
          </div>
        )}
        {action === 'finish' && request.photos.before.length > 0 && (
          <div className="space-y-2">
            <p className="text-sm font-medium text-fg">{packageRequestWords.photoStrips.BEFORE}</p>
            <PhotoStrip photos={request.photos.before} label="Photo before the work" />
          </div>
        )}
        {action === 'take' && (
          <PhotoPicker
            title={packageRequestWords.beforePhotos}
            label={`Add photos of ${request.hopboxId} before the work`}
            files={photos}
            onChange={choosePhotos}
            error={errors.files}
            disabled={move.isPending}
          />
        )}
        {action === 'finish' && (type === 'REPACK' || type === 'REMOVE_PACKAGING') && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">The package now</legend>
            <SizeFields value={size} onChange={setSize} errors={errors} prefix="result." name="" />
          </fieldset>
        )}
        {action === 'finish' && type === 'SPLIT' && (
          <div className="space-y-3">
            {errors['result.parcels'] && <Alert tone="error">{errors['result.parcels']}</Alert>}
            {errors.files && <Alert tone="error">{errors.files}</Alert>}
            {parcels.map((parcel, i) => (
              <fieldset key={i} className="space-y-2 rounded-lg border border-line p-3">
                <legend className="flex w-full items-center justify-between px-1 text-sm font-medium text-fg">Parcel {i + 1}</legend>
                <div className="flex items-end gap-2">
                  <TextField
                    label={`Content (parcel ${i + 1})`}
                    value={parcel.packageContent}
                    onChange={(e) => setParcel(i, { ...parcel, packageContent: e.target.value })}
                    error={errors[`result.parcels.${i}.packageContent`]}
                    containerClassName="flex-1"
                  />
                  {parcels.length > SPLIT_PARCELS_MIN && (
                    <IconButton aria-label={`Remove parcel ${i + 1}`} onClick={() => setParcels(parcels.filter((_, j) => j !== i))}>
                      <Trash2 className="size-4" aria-hidden="true" />
                    </IconButton>
                  )}
                </div>
                <SizeFields
                  value={parcel}
                  onChange={(next) => setParcel(i, { ...parcel, ...next })}
                  errors={errors}
                  prefix={`result.parcels.${i}.`}
                  name={`parcel ${i + 1}`}
                />
                <PhotoPicker
                  title={packageRequestWords.parcelPhoto(i + 1)}
                  label={`Add the photo of parcel ${i + 1}`}
                  files={parcel.photo}
                  onChange={(photo) => setParcel(i, { ...parcel, photo })}
                  max={1}
                  disabled={move.isPending}
                />
              </fieldset>
            ))}
            {parcels.length < SPLIT_PARCELS_MAX && (
              <Button variant="secondary" size="sm" onClick={() => setParcels([...parcels, emptyParcel()])}>
                <Plus className="size-4" aria-hidden="true" />
                Add a parcel
              </Button>
            )}
          </div>
        )}
        {action === 'finish' && type === 'RETURN_TO_SENDER' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} error={errors['result.carrier']} />
            <TextField
              label="Tracking number"
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
              error={errors['result.trackingNumber']}
              className="font-mono"
            />
          </div>
        )}
        {action === 'finish' && type === 'DISCARD' && <Alert tone="warning">{packageRequestWords.discardWarning}</Alert>}
        {action === 'finish' && type !== 'SPLIT' && (
          <PhotoPicker
            title={
              PACKAGE_REQUEST_AFTER_PHOTO_REQUIRED.includes(type)
                ? packageRequestWords.afterPhotos
                : packageRequestWords.afterPhotosOptional
            }
            label={`Add photos of ${request.hopboxId} after the work`}
            files={photos}
            onChange={choosePhotos}
            error={errors.files}
            disabled={move.isPending}
          />
        )}
        <TextAreaField
          label={action === 'refuse' ? 'Why it is refused (the customer reads it)' : 'Note to the customer (optional)'}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={PACKAGE_REQUEST_STAFF_NOTES_MAX}
          error={errors.notes}
        />
        {move.isError && !(move.error as { field?: string }).field && <Alert tone="error">{errorMessage(move.error)}</Alert>}
      </div>
    </Modal>
  );
}

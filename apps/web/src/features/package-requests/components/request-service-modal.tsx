import {
  PACKAGE_REQUEST_NOTES_MAX,
  PACKAGE_REQUEST_TYPE_HINTS,
  PACKAGE_REQUEST_TYPE_LABELS,
  PACKAGE_REQUEST_TYPES,
  type PackageRequestFee,
  type PackageRequestType,
  packageRequestMessages,
  packageRequestWords,
} from '@hopbox/contracts/package-requests';
import type { Package } from '@hopbox/contracts/packages';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { TextAreaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useCreatePackageRequest, useRequestFees } from '../api/package-requests';
import { feeText, needsConfirmation } from '../request-rules';

/** One service to choose, with what it does and its fee at the package's warehouse. */
function ServiceOption({
  type,
  fee,
  checked,
  onChoose,
  name,
}: {
  type: PackageRequestType;
  fee: PackageRequestFee | undefined;
  checked: boolean;
  onChoose: () => void;
  name: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-3 transition-colors',
        checked ? 'border-accent bg-accent-soft/60 ring-1 ring-accent' : 'border-line hover:bg-subtle',
      )}
    >
      <input id={id} type="radio" name={name} checked={checked} onChange={onChoose} className="mt-1 size-4 accent-(--color-accent)" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-3">
          <span className="text-sm font-medium text-fg">{PACKAGE_REQUEST_TYPE_LABELS[type]}</span>
          <span className="shrink-0 text-sm font-semibold text-fg tabular-nums">
            {fee ? feeText(fee.fee, fee.currency) : <Skeleton className="inline-block h-4 w-16 align-middle" />}
          </span>
        </span>
        <span className="mt-0.5 block text-xs text-muted">{PACKAGE_REQUEST_TYPE_HINTS[type]}</span>
      </span>
    </label>
  );
}

/**
 * "Request a service" on a package in the locker (decision 061): repack, remove packaging, split, return to sender
 * (with the retailer's label) or discard, each with its fee at the package's warehouse shown before asking. The
 * services that take the package out of the locker ask for a confirmation first.
 */
export function RequestServiceModal({ pkg, isOpen, onClose }: { pkg: Package; isOpen: boolean; onClose: () => void }) {
  const fees = useRequestFees(pkg.id, isOpen);
  const create = useCreatePackageRequest();
  const groupName = useId();
  const [type, setType] = useState<PackageRequestType>('REPACK');
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<{ notes?: string; label?: string }>({});

  useEffect(() => {
    if (!isOpen) return;
    setType('REPACK');
    setNotes('');
    setFiles([]);
    setConfirming(false);
    setProblem({});
    create.reset();
  }, [isOpen, create.reset]);

  const feeOf = (t: PackageRequestType) => fees.data?.find((f) => f.type === t);
  const chosenFee = feeOf(type);
  const fileProblem = type === 'RETURN_TO_SENDER' ? documentProblem(files, 1) : null;

  const check = () => {
    const found: typeof problem = {};
    if (notes.length > PACKAGE_REQUEST_NOTES_MAX) found.notes = packageRequestMessages.notesTooLong;
    if (type === 'SPLIT' && notes.trim() === '') found.notes = packageRequestWords.splitNotesRequired;
    if (type === 'RETURN_TO_SENDER' && files.length === 0) found.label = packageRequestMessages.labelRequired;
    setProblem(found);
    return Object.keys(found).length === 0 && fileProblem === null;
  };

  const send = async () => {
    try {
      await create.mutateAsync({
        packageId: pkg.id,
        type,
        notes: notes.trim() || null,
        label: type === 'RETURN_TO_SENDER' ? files[0] : undefined,
      });
      toast.success(packageRequestWords.created(type), {
        description: `${pkg.hopboxId} · ${chosenFee ? feeText(chosenFee.fee, chosenFee.currency) : ''}`,
      });
      onClose();
    } catch {
      setConfirming(false);
      // Said in the dialog below.
    }
  };

  const next = () => {
    if (!check()) return;
    if (needsConfirmation(type)) setConfirming(true);
    else void send();
  };

  const askLabel = `Request ${PACKAGE_REQUEST_TYPE_LABELS[type].toLowerCase()}${chosenFee ? ` for ${feeText(chosenFee.fee, chosenFee.currency)}` : ''}`;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={confirming ? `${PACKAGE_REQUEST_TYPE_LABELS[type]}?` : 'Request a service'}
      description={`${pkg.hopboxId} · ${pkg.shipper} · ${pkg.packageContent}`}
      maxWidth="max-w-lg"
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={confirming ? () => setConfirming(false) : onClose}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button
            variant={confirming && type === 'DISCARD' ? 'danger' : 'primary'}
            loading={create.isPending}
            disabled={!fees.data}
            onClick={confirming ? () => void send() : next}
          >
            {create.isPending ? 'Sending...' : confirming ? `Yes, ${PACKAGE_REQUEST_TYPE_LABELS[type].toLowerCase()}` : askLabel}
          </Button>
        </div>
      }
    >
      {confirming ? (
        <div className="space-y-4 text-sm text-fg">
          <Alert tone="warning">{packageRequestWords.confirmLeave[type]}</Alert>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted">Service</dt>
            <dd className="font-medium">{PACKAGE_REQUEST_TYPE_LABELS[type]}</dd>
            <dt className="text-muted">Fee</dt>
            <dd className="font-medium tabular-nums">{chosenFee && feeText(chosenFee.fee, chosenFee.currency)}</dd>
            {type === 'RETURN_TO_SENDER' && files[0] && (
              <>
                <dt className="text-muted">Return label</dt>
                <dd className="break-all">{files[0].name}</dd>
              </>
            )}
            {notes.trim() && (
              <>
                <dt className="text-muted">Notes</dt>
                <dd className="whitespace-pre-line">{notes.trim()}</dd>
              </>
            )}
          </dl>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-fg">Service</legend>
            {fees.isError && <Alert tone="error">{errorMessage(fees.error)}</Alert>}
            {PACKAGE_REQUEST_TYPES.map((t) => (
              <ServiceOption
                key={t}
                type={t}
                fee={feeOf(t)}
                checked={type === t}
                name={groupName}
                onChoose={() => {
                  setType(t);
                  setProblem({});
                }}
              />
            ))}
          </fieldset>
          {type === 'RETURN_TO_SENDER' && (
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-fg">Return label</p>
              <DocumentPicker
                files={files}
                onChange={setFiles}
                error={fileProblem ?? problem.label}
                multiple={false}
                label="Attach the retailer's return label"
              />
            </div>
          )}
          <TextAreaField
            label={type === 'SPLIT' ? 'Notes for the warehouse: the parcels you want' : 'Notes for the warehouse (optional)'}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            maxLength={PACKAGE_REQUEST_NOTES_MAX}
            error={problem.notes}
            hint={type === 'SPLIT' ? packageRequestWords.splitHint : undefined}
          />
          {type !== 'DISCARD' && type !== 'RETURN_TO_SENDER' && (
            <p className="flex items-start gap-2 text-xs text-muted">
              <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {packageRequestWords.waitsNotice}
            </p>
          )}
        </div>
      )}
      {create.isError && (
        <Alert tone="error" className="mt-4">
          {errorMessage(create.error)}
        </Alert>
      )}
    </Modal>
  );
}

import { formatMoney } from '@hopbox/contracts/money';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useLockerOwner } from '../api/get-locker-owner';
import { type UnidentifiedPackage, useAssignUnidentified } from '../api/unidentified-packages';
import { FoundPerson } from './found-person';

/** How long typing pauses before the locker is looked up. */
const LOOKUP_DELAY_MS = 300;

/** The locker number as typed, once typing pauses: upper-cased, or null while empty or too long. */
function useTypedLocker(value: string): string | null {
  const [locker, setLocker] = useState<string | null>(null);
  useEffect(() => {
    const normalized = value.trim().toUpperCase();
    const timer = setTimeout(() => setLocker(normalized && normalized.length <= 16 ? normalized : null), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return locker;
}

/**
 * Moves an unidentified parcel into the locker it belongs to (issue "Arrivals"): the locker number, its owner
 * named once found, then the assignment. The customer is mailed and pays the handling fee with its shipment.
 */
export function AssignModal({ parcel, onClose }: { parcel: UnidentifiedPackage | null; onClose: () => void }) {
  const assign = useAssignUnidentified();
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const locker = useTypedLocker(value);
  const owner = useLockerOwner(locker);
  const typed = value.trim().toUpperCase();
  // The owner shown is the one of the number in the field, not of one typed before.
  const found = locker === typed ? (owner.data ?? null) : null;
  const notFound = locker === typed && Boolean(locker) && owner.data === null && !owner.isFetching;

  useEffect(() => {
    if (parcel) {
      setValue('');
      setFailure(null);
      assign.reset();
    }
  }, [parcel, assign.reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parcel) return;
    if (!found) {
      setFailure(typed ? 'Wait for the customer of this locker number to show' : 'Locker number is required');
      return;
    }
    try {
      const pkg = await assign.mutateAsync({ id: parcel.id, lockerNumber: found.lockerNumber });
      toast.success(`${pkg.hopboxId} is in locker ${found.lockerNumber}, ${found.fullName}'s`);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <Modal
      isOpen={parcel !== null}
      onClose={onClose}
      title={parcel ? `Assign ${parcel.hopboxId}` : 'Assign'}
      description={
        parcel ? `${parcel.shipper} · ${parcel.packageContent} · ${parcel.externalTrackingNumber ?? 'no tracking number'}` : undefined
      }
      maxWidth="max-w-lg"
    >
      {parcel && (
        <FailureForm onSubmit={submit} failure={failure} aria-label={`Assign ${parcel.hopboxId}`}>
          <TextField
            label="Locker number"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setFailure(null);
            }}
            placeholder="HB100001"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            autoFocus
            error={notFound ? `No customer has locker number ${typed}` : undefined}
            hint={`The customer is mailed, and pays the handling fee of ${formatMoney(parcel.handlingFee, parcel.currency)} with the parcel's shipment.`}
            className="font-mono tracking-wide uppercase placeholder:normal-case placeholder:tracking-normal"
          />
          <div aria-live="polite" className="min-h-[4.25rem]">
            {found ? (
              <FoundPerson label="Customer found" compact>
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-semibold text-fg">{found.fullName}</span>
                  <span className="block truncate text-muted">
                    {found.lockerNumber} · {found.email}
                  </span>
                </span>
              </FoundPerson>
            ) : owner.isError && locker === typed ? (
              <p className="flex items-center gap-1.5 text-sm text-danger">
                <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                {errorMessage(owner.error)}
              </p>
            ) : (
              <p className="rounded-xl border border-dashed border-line-strong p-3 text-sm text-muted">
                {owner.isFetching ? 'Looking up the customer...' : 'Type the locker number: its customer shows here before you assign.'}
              </p>
            )}
          </div>
          <FormActions onCancel={onClose} pending={assign.isPending} submitLabel={found ? `Assign to ${found.lockerNumber}` : 'Assign'} />
        </FailureForm>
      )}
    </Modal>
  );
}

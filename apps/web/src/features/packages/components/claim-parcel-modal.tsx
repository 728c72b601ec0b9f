import { CLAIM_RATE_LIMIT, claimSchema, type PublicUnidentified } from '@hopbox/contracts/arrivals';
import { formatMoney } from '@hopbox/contracts/money';
import { useEffect } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { formatDate } from '@/lib/format';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useClaimParcel } from '../api/arrivals';
import { TrackingNumberField } from './tracking-number-field';

const FIELDS: readonly string[] = ['trackingNumber'];
const DEFAULTS = { trackingNumber: '' };

/**
 * "Claim parcel": the customer proves the parcel is theirs with its full tracking number; it then moves into
 * their locker. A wrong number shows under the field; too many tries in an hour, above it.
 */
export function ClaimParcelModal({ parcel, isOpen, onClose }: { parcel: PublicUnidentified | null; isOpen: boolean; onClose: () => void }) {
  const claim = useClaimParcel();
  const form = useZodForm(claimSchema, { defaultValues: DEFAULTS });

  useEffect(() => {
    if (isOpen) form.reset(DEFAULTS);
  }, [isOpen, form.reset]);

  const submit = form.handleSubmit(async ({ trackingNumber }) => {
    if (!parcel) return;
    try {
      const pkg = await claim.mutateAsync({ id: parcel.id, trackingNumber });
      toast.success(`${pkg.hopboxId} is now in your locker`);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, 'Could not claim the parcel');
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Claim parcel"
      description={parcel ? `From ${parcel.shipper} (${parcel.origin}), tracking number ending in ${parcel.trackingLast4}.` : undefined}
      maxWidth="max-w-lg"
    >
      {parcel && (
        <FailureForm onSubmit={submit} failure={form.failure}>
          <TrackingNumberField label="Full tracking number" exactly {...form.input('trackingNumber')} />
          <ul className="space-y-2 rounded-lg bg-subtle px-4 py-3 text-sm text-fg">
            <li>
              This parcel came without your locker number, so it carries a handling fee of{' '}
              <strong className="whitespace-nowrap">{formatMoney(parcel.handlingFee, parcel.currency)}</strong>, added to the price of the
              shipment you send it in.
            </li>
            <li>
              Unclaimed, it is disposed of on <strong className="whitespace-nowrap">{formatDate(parcel.disposalDate)}</strong>.
            </li>
            <li className="text-muted">You have {CLAIM_RATE_LIMIT.limit} tries an hour, right or wrong.</li>
          </ul>
          <FormActions onCancel={onClose} pending={claim.isPending} submitLabel="Claim parcel" />
        </FailureForm>
      )}
    </Modal>
  );
}

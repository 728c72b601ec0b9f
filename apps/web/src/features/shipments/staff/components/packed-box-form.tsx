import { packedBoxOf } from '@hopbox/contracts/packed-box';
import { PACKED_BOX_FIELDS, type PackedBoxInput, packedBoxSchema, type StaffShipment } from '@hopbox/contracts/shipments';
import { Package } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { TextField } from '@/components/form-field';
import { formatDimensions, formatKg } from '@/lib/format';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateStaffShipment } from '../api/update-staff-shipment';

const LABELS = {
  packedWeight: 'Weight (kg)',
  packedLength: 'Length (cm)',
  packedBreadth: 'Breadth (cm)',
  packedHeight: 'Height (cm)',
} as const;

function valuesOf(s: Pick<StaffShipment, (typeof PACKED_BOX_FIELDS)[number]>): Partial<PackedBoxInput> {
  return {
    packedWeight: s.packedWeight ?? undefined,
    packedLength: s.packedLength ?? undefined,
    packedBreadth: s.packedBreadth ?? undefined,
    packedHeight: s.packedHeight ?? undefined,
  };
}

/** The recorded box, as the customer is charged for it, or null before packing. */
export function packedBoxSummary(s: StaffShipment): string | null {
  const box = packedBoxOf(s);
  return box && `${formatKg(box.packedWeight)} · ${formatDimensions(box.packedLength, box.packedBreadth, box.packedHeight)}`;
}

/**
 * Decision 026: the packed box of a consolidation, weighed and measured by staff. Its price is what the
 * customer pays; Ready to Ship needs it. Saving it again while ready tells the customer the new price.
 */
export function PackedBoxForm({ shipment }: { shipment: StaffShipment }) {
  const update = useUpdateStaffShipment();
  const form = useZodForm(packedBoxSchema, { defaultValues: valuesOf(shipment) });
  const recorded = packedBoxSummary(shipment);

  // Only a change of the recorded box refills the fields: a refetch of the list must not wipe what staff are typing.
  const { reset } = form;
  const { packedWeight, packedLength, packedBreadth, packedHeight } = shipment;
  useEffect(() => {
    reset(valuesOf({ packedWeight, packedLength, packedBreadth, packedHeight }));
  }, [packedWeight, packedLength, packedBreadth, packedHeight, reset]);

  const submit = form.handleSubmit(async (box) => {
    try {
      await update.mutateAsync({ id: shipment.id, change: box });
      toast.success(`${shipment.shipmentId}: packed box recorded`);
    } catch (err) {
      showSubmitFailure(form, err, PACKED_BOX_FIELDS);
    }
  });

  return (
    <FailureForm onSubmit={submit} failure={form.failure} aria-label={`Packed box of ${shipment.shipmentId}`} className="w-full space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted">
          <Package className="size-3.5" aria-hidden="true" />
          Packed box
        </h3>
        <p className="text-xs text-muted">
          {recorded ? <span className="font-medium text-fg tabular-nums">{recorded}</span> : 'Not recorded yet'}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PACKED_BOX_FIELDS.map((name) => (
          <TextField
            key={name}
            label={LABELS[name]}
            type="number"
            inputMode="decimal"
            min={0}
            step={name === 'packedWeight' ? 0.001 : 0.1}
            className="h-9 py-1.5"
            disabled={shipment.paymentOpen}
            {...form.input(name)}
          />
        ))}
      </div>
      <Button type="submit" variant="secondary" size="sm" className="h-9" disabled={update.isPending || shipment.paymentOpen}>
        {recorded ? 'Update packed box' : 'Save packed box'}
      </Button>
    </FailureForm>
  );
}

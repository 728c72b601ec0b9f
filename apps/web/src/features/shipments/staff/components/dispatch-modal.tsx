import { dispatchChoices } from '@hopbox/contracts/dispatch';
import { formatMoney } from '@hopbox/contracts/money';
import { awbProblem, type DispatchStatus, type StaffShipment } from '@hopbox/contracts/shipments';
import { carrierLabel } from '@hopbox/contracts/tracking';
import { PlaneTakeoff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DetailList } from '@/components/detail-list';
import { SelectField, TextField } from '@/components/form-field';
import { InternalNotes } from '@/components/internal-notes';
import { Modal } from '@/components/modal';
import { RecordDetails } from '@/components/record-details';
import { PaymentStatusBadge, ShipmentStatusBadge } from '@/components/status-badges';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { formatDateTime, formatKg, orNA, toLocalInputValue } from '@/lib/format';
import { optionsOf } from '@/lib/select-options';
import { toast } from '@/lib/toast';
import { useLastShown } from '@/lib/use-last-shown';
import { DestinationAddress } from '../../components/destination-address';
import { useUpdateStaffShipment } from '../api/update-staff-shipment';
import { carrierStateOf } from '../carrier-state';
import type { CarrierDesk } from '../use-carrier-desk';
import { CarrierPanel } from './carrier-booking';
import { PackageChips } from './package-chips';
import { CustomerNote, PackingSlipButton } from './packing';

interface Errors {
  awb?: string;
  processingDate?: string;
  form?: string;
}

/**
 * The dispatch form of a shipment staff move by hand: the moves the shipment lifecycle allows from where it is,
 * the next one proposed (dispatchChoices; the API refuses any other).
 */
function DispatchForm({ shipment, choices, onDone }: { shipment: StaffShipment; choices: DispatchStatus[]; onDone: () => void }) {
  const update = useUpdateStaffShipment();
  const [awb, setAwb] = useState(shipment.awb ?? '');
  const [status, setStatus] = useState<DispatchStatus>(choices[0] as DispatchStatus);
  const [date, setDate] = useState(toLocalInputValue(shipment.processingDate ? new Date(shipment.processingDate) : new Date()));
  const [errors, setErrors] = useState<Errors>({});
  // A console booking's AWB is the carrier's; the field is for AWBs of bookings made outside Hopbox.
  const bookedHere = carrierStateOf(shipment) === 'booked';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const awbRefusal = awbProblem(shipment, { awb: awb.trim() || null, shipmentStatus: status });
    if (awbRefusal) next.awb = awbRefusal;
    const when = date ? new Date(date) : null;
    if (!when || Number.isNaN(when.getTime())) next.processingDate = 'Processing date is required';
    setErrors(next);
    if (next.awb || next.processingDate || !when) return;
    try {
      await update.mutateAsync({
        id: shipment.id,
        change: { awb: awb.trim() || null, shipmentStatus: status, processingDate: when.toISOString() },
      });
      toast.success(`${shipment.shipmentId} is ${status}${status === 'Shipped' ? ': the customer has been emailed the AWB' : ''}`);
      onDone();
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof ApiError && (err.field === 'awb' || err.field === 'processingDate')) setErrors({ [err.field]: message });
      else setErrors({ form: message });
      toast.error(message);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Dispatch ${shipment.shipmentId}`} className="space-y-4">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="AWB (booked outside Hopbox)"
          value={awb}
          readOnly={bookedHere}
          hint={bookedHere ? 'Issued by the carrier' : undefined}
          onChange={(event) => {
            setAwb(event.target.value);
            setErrors((e) => ({ ...e, awb: undefined }));
          }}
          maxLength={60}
          autoComplete="off"
          spellCheck={false}
          placeholder="Air waybill number"
          error={errors.awb}
          className="font-mono"
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as DispatchStatus)}
          options={optionsOf(choices)}
        />
        <TextField
          label="Processing date"
          type="datetime-local"
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setErrors((e) => ({ ...e, processingDate: undefined }));
          }}
          error={errors.processingDate}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          {!update.isPending && <PlaneTakeoff className="size-4" aria-hidden="true" />}
          {update.isPending ? 'Saving...' : `Save as ${status}`}
        </Button>
      </div>
    </form>
  );
}

/** The form when staff move the shipment on by hand; otherwise what moves it. */
function DispatchStep({ shipment, onDone }: { shipment: StaffShipment; onDone: () => void }) {
  const choices = dispatchChoices(shipment);
  if (choices.length > 0)
    return <DispatchForm key={`${shipment.id}-${shipment.shipmentStatus}`} shipment={shipment} choices={choices} onDone={onDone} />;
  const text = shipment.carrier
    ? `Booked with ${carrierLabel(shipment.carrier)}: its status follows the carrier's tracking, Shipped at pick-up and Delivered at delivery. Refresh tracking to read it now.`
    : `${shipment.shipmentId} is ${shipment.shipmentStatus}: it has nowhere further to go.`;
  return <p className="text-sm text-muted">{text}</p>;
}

/**
 * A paid shipment: its contents and payment, its booking with the carrier, the dispatch form (an AWB
 * from outside Hopbox, status, processing date) and its history.
 */
export function DispatchModal({ shipment, desk, onClose }: { shipment: StaffShipment | null; desk: CarrierDesk; onClose: () => void }) {
  const shown = useLastShown(shipment);
  return (
    <Modal
      isOpen={shipment !== null}
      onClose={onClose}
      title={shown ? `Dispatch ${shown.shipmentId}` : 'Dispatch'}
      description={shown ? `${shown.customerName} · ${shown.origin} → ${shown.destination}` : undefined}
      maxWidth="max-w-3xl"
    >
      {shown && (
        <RecordDetails
          badges={
            <>
              <ShipmentStatusBadge status={shown.shipmentStatus} />
              <PaymentStatusBadge status={shown.paymentStatus} />
              {shown.isConsolidated && <Badge tone="gray">Consolidated</Badge>}
            </>
          }
          audit={{ entity: 'shipment', id: shown.id }}
        >
          <CustomerNote note={shown.customerNote} />
          <DestinationAddress shipment={shown} />
          <DetailList
            items={[
              { label: 'Customer', value: `${shown.customerName} (${shown.lockerNumber})` },
              { label: 'Email', value: shown.customerEmail },
              { label: 'Phone', value: orNA(shown.customerPhone) },
              { label: 'Total weight', value: formatKg(shown.totalWeight) },
              { label: 'Paid', value: formatMoney(shown.amount, shown.currency) },
              { label: 'Payment reference', value: orNA(shown.paymentReference) },
              { label: 'Order date', value: formatDateTime(shown.orderDate) },
              { label: 'Host', value: orNA(shown.hostCode) },
              { label: 'Processing date', value: formatDateTime(shown.processingDate) },
              { label: 'Packages', value: <PackageChips packageIds={shown.packageIds} />, wide: true },
            ]}
          />
          <div className="flex justify-end">
            <PackingSlipButton shipment={shown} />
          </div>
          <div className="border-t border-line pt-5">
            <InternalNotes entity="shipment" id={shown.id} notes={shown.internalNotes} />
          </div>
          <CarrierPanel shipment={shown} desk={desk} />
          <section aria-labelledby="dispatch-heading" className="space-y-3 border-t border-line pt-5">
            <h3 id="dispatch-heading" className="text-sm font-semibold text-fg">
              Dispatch
            </h3>
            <DispatchStep shipment={shown} onDone={onClose} />
          </section>
        </RecordDetails>
      )}
    </Modal>
  );
}

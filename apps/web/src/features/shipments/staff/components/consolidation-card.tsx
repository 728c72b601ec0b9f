import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { CONSOLIDATION_LIFECYCLE, canMove } from '@hopbox/contracts/lifecycles';
import { messages } from '@hopbox/contracts/messages';
import { CONSOLIDATION_STATUSES, type ConsolidationStatus, type StaffShipment } from '@hopbox/contracts/shipments';
import { ArrowRight, ScrollText } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { inputClasses } from '@/components/form-field';
import { InternalNotes } from '@/components/internal-notes';
import { ConsolidationStatusBadge, ReadyBadge } from '@/components/status-badges';
import { Switch } from '@/components/switch';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatKg, formatShortDate, packageIdsOf } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type StaffShipmentChange, useUpdateStaffShipment } from '../api/update-staff-shipment';
import { PackedBoxForm, packedBoxSummary } from './packed-box-form';
import { CustomerNote, PackingSlipButton, PickList } from './packing';

/** One open consolidation: what is in it, where it goes, and its two switches for the warehouse. */
export function ConsolidationCard({ shipment, onHistory }: { shipment: StaffShipment; onHistory: () => void }) {
  const update = useUpdateStaffShipment();
  const selectId = useId();
  const count = packageIdsOf(shipment.packageIds).length;
  const status = (shipment.consolidationStatus ?? 'Pending') as ConsolidationStatus;
  // The status it has, and the moves the consolidation lifecycle allows from it.
  const choices = CONSOLIDATION_STATUSES.filter((s) => s === status || canMove(CONSOLIDATION_LIFECYCLE, status, s));
  const packed = packedBoxSummary(shipment) !== null;

  const save = async (change: StaffShipmentChange, done: string) => {
    try {
      await update.mutateAsync({ id: shipment.id, change });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Card aria-label={`Consolidation ${shipment.shipmentId}`} className="flex h-full flex-col">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <h2 className="font-mono text-base font-semibold text-fg">{shipment.shipmentId}</h2>
          <p className="mt-0.5 text-xs text-muted">Created {formatShortDate(shipment.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <ConsolidationStatusBadge status={status} />
          <ReadyBadge ready={shipment.readyToShip} spelled />
          {shipment.paymentOpen && (
            <Badge tone="yellow" dot>
              Payment open
            </Badge>
          )}
        </div>
      </div>
      <dl className="grid flex-1 content-start gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-muted">Customer</dt>
          <dd className="truncate font-medium text-fg">{shipment.customerName}</dd>
          <dd className="truncate text-xs text-muted">
            <span className="font-mono">{shipment.lockerNumber}</span> · {shipment.customerEmail}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted">Route</dt>
          <dd className="text-fg">{shipment.origin}</dd>
          <dd className="flex items-center gap-1.5 text-xs text-muted">
            <ArrowRight className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">to </span>
            {shipment.destination}
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
            <span>
              {count} package{count === 1 ? '' : 's'} · total weight{' '}
              <span className="font-medium text-fg tabular-nums">{formatKg(shipment.totalWeight)}</span> · pick in this order
            </span>
            <PackingSlipButton shipment={shipment} />
          </dt>
          <dd>
            <PickList shipment={shipment} />
          </dd>
        </div>
        {shipment.customerNote && (
          <div className="sm:col-span-2">
            <dt className="sr-only">Customer's note</dt>
            <dd>
              <CustomerNote note={shipment.customerNote} />
            </dd>
          </div>
        )}
      </dl>
      <details className="group border-t border-line px-5 py-3">
        <summary className="cursor-pointer text-sm font-medium text-fg">
          Internal notes{shipment.internalNotes.length > 0 ? ` (${shipment.internalNotes.length})` : ''}
        </summary>
        <div className="pt-3">
          <InternalNotes entity="shipment" id={shipment.id} notes={shipment.internalNotes} titled={false} />
        </div>
      </details>
      <div className="border-t border-line px-5 py-4">
        <PackedBoxForm shipment={shipment} />
      </div>
      <div className="flex flex-wrap items-end gap-x-5 gap-y-3 border-t border-line bg-subtle/40 px-5 py-4">
        <div className="space-y-1.5">
          <label htmlFor={selectId} className="block text-xs font-medium text-muted">
            Consolidation status
          </label>
          <select
            id={selectId}
            value={status}
            disabled={update.isPending || shipment.paymentOpen}
            onChange={(event) => {
              const next = event.target.value as ConsolidationStatus;
              void save({ consolidationStatus: next }, `${shipment.shipmentId}: consolidation ${next}`);
            }}
            className={cn(inputClasses, 'h-9 w-40 py-1.5')}
          >
            {choices.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex h-9 items-center">
          <Switch
            checked={shipment.readyToShip}
            disabled={update.isPending || shipment.paymentOpen || (!shipment.readyToShip && !packed)}
            label="Ready to ship"
            showLabel
            onCheckedChange={(checked) =>
              save(
                { readyToShip: checked },
                checked
                  ? `${shipment.shipmentId} is ready to ship: the customer is told the price and can pay`
                  : `${shipment.shipmentId} is not ready to ship`,
              )
            }
          />
        </div>
        <p className="w-full text-xs text-muted sm:order-last">
          {shipment.paymentOpen
            ? lifecycleMessages.payments.heldByPayment
            : packed
              ? messages.shipments.readyMeansCompleted
              : `${messages.shipments.packedBoxRequired}.`}
        </p>
        <Button variant="ghost" size="sm" className="ml-auto h-9" onClick={onHistory}>
          <ScrollText className="size-4" aria-hidden="true" />
          History
          <span className="sr-only"> of {shipment.shipmentId}</span>
        </Button>
      </div>
    </Card>
  );
}

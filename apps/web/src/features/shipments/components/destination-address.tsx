import { MapPin, Phone } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { formatCityLine } from '@/lib/format';
import { type Destination, postalAddressLines } from '../postal-address';

/**
 * Where a shipment goes, as staff write it on the carrier's label and the customer reads it in the shipment's
 * details, with a button copying it whole.
 */
export function DestinationAddress({ shipment }: { shipment: Destination }) {
  const cityLine = formatCityLine(shipment);
  return (
    <section aria-labelledby="destination-heading" className="rounded-xl border border-line bg-subtle p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="destination-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
          <MapPin className="size-4 text-muted" aria-hidden="true" />
          Destination
        </h3>
        <CopyButton value={postalAddressLines(shipment).join('\n')} label="Address" showLabel />
      </div>
      <address className="mt-2 space-y-0.5 text-sm break-words text-muted not-italic">
        <p className="font-semibold text-fg">{shipment.recipientName}</p>
        <p className="text-fg">{shipment.address}</p>
        {cityLine && <p className="text-fg">{cityLine}</p>}
        <p className="font-medium text-fg">{shipment.destination}</p>
        {shipment.phone && (
          <p className="flex items-center gap-1.5 pt-1">
            <Phone className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Phone: </span>
            {shipment.phone}
          </p>
        )}
      </address>
    </section>
  );
}

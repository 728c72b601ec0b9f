import type { StaffShipment } from '@hopbox/contracts/shipments';
import { MessageSquareQuote, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/api-errors';
import { formatKg } from '@/lib/format';
import { toast } from '@/lib/toast';
import { fetchPackingSlip } from '../api/get-labels';
import { openPdfInNewTab } from '../open-pdf';

/** What the customer asked the packer in the wizard, where the packer cannot miss it (decision 053). */
export function CustomerNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <figure className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm dark:border-amber-400/40 dark:bg-amber-400/10">
      <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-amber-900 dark:text-amber-200">
        <MessageSquareQuote className="size-3.5" aria-hidden="true" />
        Customer's note
      </figcaption>
      <blockquote className="whitespace-pre-line break-words text-fg">{note}</blockquote>
    </figure>
  );
}

/** The shipment's packages in walking order of their shelves: the packer's route through the warehouse. */
export function PickList({ shipment }: { shipment: StaffShipment }) {
  if (shipment.picks.length === 0) return <span className="text-muted">N/A</span>;
  return (
    <ol aria-label={`Pick list of ${shipment.shipmentId}`} className="divide-y divide-line rounded-lg border border-line">
      {shipment.picks.map((pick) => (
        <li key={pick.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <span className="w-24 shrink-0 font-mono text-xs font-semibold text-fg">
            {pick.location ?? <span className="font-sans font-normal text-muted">Not shelved</span>}
          </span>
          <Link
            to={`/staff/packages?q=${encodeURIComponent(pick.hopboxId)}`}
            className="shrink-0 font-mono text-xs text-accent-fg hover:underline"
          >
            {pick.hopboxId}
          </Link>
          <span className="min-w-0 flex-1 truncate text-muted">{pick.packageContent}</span>
          <span className="shrink-0 text-xs text-muted tabular-nums">{formatKg(pick.packageWeight)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Opens the shipment's packing slip (A4 PDF) in a new tab, to print. */
export function PackingSlipButton({ shipment, className }: { shipment: StaffShipment; className?: string }) {
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    openPdfInNewTab(() => fetchPackingSlip(shipment.id), `packing-slip-${shipment.shipmentId}.pdf`)
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setOpening(false));
  };
  return (
    <Button variant="secondary" size="sm" className={className} loading={opening} onClick={open}>
      {!opening && <Printer className="size-4" aria-hidden="true" />}
      Packing slip
      <span className="sr-only"> of {shipment.shipmentId}</span>
    </Button>
  );
}

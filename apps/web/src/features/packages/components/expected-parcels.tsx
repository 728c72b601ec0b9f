import type { PreAlert } from '@hopbox/contracts/arrivals';
import { formatMoney } from '@hopbox/contracts/money';
import { BellPlus, FileText, PackageSearch, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { ActionModal } from '@/components/action-modal';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { lazyDialog } from '@/components/lazy-dialog';
import { formatShortDate } from '@/lib/format';
import { useDownloadFile } from '@/lib/protected-file';
import { toast } from '@/lib/toast';
import { usePreAlerts, useRemovePreAlert } from '../api/arrivals';

const AddPreAlertModal = lazyDialog(async () => (await import('./add-pre-alert-modal')).AddPreAlertModal);
const AttachInvoiceModal = lazyDialog(async () => (await import('./attach-invoice-modal')).AttachInvoiceModal);

const NOT_GIVEN = <span className="text-muted">Not given</span>;

const columns: Column<PreAlert>[] = [
  {
    id: 'tracking',
    header: 'Tracking number',
    cell: (p) => <span className="font-mono text-[13px] wrap-anywhere text-fg">{p.trackingNumber}</span>,
    card: 'title',
  },
  {
    id: 'parcel',
    header: 'Retailer',
    cell: (p) => <CellLines main={p.retailer} sub={p.content} mainClassName="font-medium text-fg" truncate="max-w-56" />,
    card: { slot: 'line', render: (p) => `${p.retailer} · ${p.content}` },
  },
  {
    id: 'value',
    header: 'Declared value',
    cell: (p) => (p.declaredValue === null ? NOT_GIVEN : formatMoney(p.declaredValue, p.currency)),
    cellClassName: 'whitespace-nowrap tabular-nums',
    card: 'field',
  },
  {
    id: 'expected',
    header: 'Expected',
    cell: (p) => (p.expectedDate ? <time dateTime={p.expectedDate}>{formatShortDate(p.expectedDate)}</time> : NOT_GIVEN),
    cellClassName: 'whitespace-nowrap',
    showFrom: '@5xl',
    card: 'field',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) =>
      p.status === 'RECEIVED' ? (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge tone="green" dot>
            Received
          </Badge>
          {p.hopboxId && <span className="font-mono text-xs font-medium text-fg">{p.hopboxId}</span>}
        </span>
      ) : (
        <Badge tone="blue" dot>
          Expected
        </Badge>
      ),
    card: 'footer',
  },
];

/** The column of a pre-alert's invoice: the file, saved under its own name when chosen, and the way to attach or replace it. */
const invoiceColumn = (onAttach: (p: PreAlert) => void): Column<PreAlert> => ({
  id: 'invoice',
  header: 'Invoice',
  cell: (p) => <InvoiceCell preAlert={p} onAttach={() => onAttach(p)} />,
  card: 'wide-field',
});

function InvoiceCell({ preAlert, onAttach }: { preAlert: PreAlert; onAttach: () => void }) {
  const download = useDownloadFile();
  const { invoice, trackingNumber } = preAlert;
  if (!invoice) {
    return (
      <Button variant="ghost" size="sm" className="-ml-2" onClick={onAttach} aria-label={`Attach invoice for ${trackingNumber}`}>
        <Paperclip className="size-4" aria-hidden="true" />
        Attach invoice
      </Button>
    );
  }
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <button
        type="button"
        onClick={() => void download(invoice.url, invoice.fileName)}
        className="inline-flex min-w-0 items-center gap-1.5 rounded text-left font-medium text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-accent"
      >
        <FileText className="size-4 shrink-0" aria-hidden="true" />
        <span className="max-w-36 truncate">{invoice.fileName}</span>
      </button>
      <Button variant="ghost" size="sm" onClick={onAttach} aria-label={`Replace invoice for ${trackingNumber}`}>
        Replace
      </Button>
    </span>
  );
}

/**
 * The Expected view of Received Packages: the parcels the customer announced (pre-alerts), each matched by its
 * tracking number when it reaches the warehouse; one still expected can be removed.
 */
export function ExpectedParcels() {
  const preAlerts = usePreAlerts();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PreAlert | null>(null);
  const [attaching, setAttaching] = useState<PreAlert | null>(null);

  const withActions: Column<PreAlert>[] = [
    ...columns.slice(0, -1),
    invoiceColumn(setAttaching),
    ...columns.slice(-1),
    actionsColumn(
      (p) =>
        p.status === 'EXPECTED' && (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(p)} aria-label={`Remove pre-alert ${p.trackingNumber}`}>
            Remove
          </Button>
        ),
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <Card className="overflow-hidden">
        <CardHeader
          title="Expected parcels"
          description="Parcels you told us about. Each goes into your locker as soon as it arrives."
          actions={
            <Button size="sm" onClick={() => setAdding(true)}>
              <BellPlus className="size-4" aria-hidden="true" />
              Add pre-alert
            </Button>
          }
        />
        <DataTable
          label="Expected parcels"
          columns={withActions}
          query={preAlerts}
          cards
          skeletonRows={3}
          errorText="Could not load your pre-alerts"
          emptyState={{
            icon: PackageSearch,
            title: 'No parcels announced yet',
            description:
              'Tell us about a parcel on its way so we can match it the moment it arrives: its tracking number, the retailer and what is inside.',
          }}
        />
      </Card>
      <AddPreAlertModal isOpen={adding} onClose={() => setAdding(false)} />
      <RemovePreAlertModal preAlert={removing} onClose={() => setRemoving(null)} />
      <AttachInvoiceModal isOpen={attaching !== null} preAlert={attaching} onClose={() => setAttaching(null)} />
    </>
  );
}

/** Asks before removing a pre-alert; one whose parcel arrived meanwhile is refused (409), and the reason stays on screen. */
function RemovePreAlertModal({ preAlert, onClose }: { preAlert: PreAlert | null; onClose: () => void }) {
  const remove = useRemovePreAlert();
  return (
    <ActionModal
      isOpen={preAlert !== null}
      onClose={onClose}
      title="Remove pre-alert"
      action="Remove"
      pendingAction="Removing..."
      variant="danger"
      mutation={remove}
      onAction={async () => {
        if (!preAlert) return;
        await remove.mutateAsync(preAlert.id);
        toast.success('Pre-alert removed');
      }}
    >
      {preAlert && (
        <p>
          Remove the pre-alert for <strong className="font-mono break-all">{preAlert.trackingNumber}</strong> ({preAlert.retailer})? The
          warehouse then finds the parcel by the locker number on its label only.
        </p>
      )}
    </ActionModal>
  );
}

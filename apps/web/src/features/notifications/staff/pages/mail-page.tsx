import { MailCheck, RotateCw } from 'lucide-react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type OutboxMail, useFailedMail } from '../api/get-failed-mail';
import { useRetryMail } from '../api/retry-mail';

const KINDS: Record<string, string> = {
  packageReceived: 'Package received',
  photosReady: 'Photos ready',
  shipmentPaid: 'Payment receipt',
  shipmentShipped: 'Shipment shipped',
  passwordChanged: 'Password changed',
  passwordReset: 'Password reset',
};

/** "shipmentShipped" → "Shipment shipped" (known kinds by name, others from the camel case). */
function mailKindLabel(kind: string): string {
  if (KINDS[kind]) return KINDS[kind];
  const words = kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /staff/mail (admins): notifications the mail worker gave up on, with their error, to send again. */
export default function MailPage() {
  const mail = useFailedMail();
  const retry = useRetryMail();

  const retrying = (id: number) => retry.isPending && retry.variables === id;
  const columns: Column<OutboxMail>[] = [
    {
      id: 'mail',
      header: 'Mail',
      cellClassName: 'align-top',
      cell: (m) => <CellLines main={m.subject} title={m.subject} sub={m.toAddress} truncate="max-w-64" mainClassName="font-medium" />,
    },
    { id: 'kind', header: 'Kind', showFrom: '@3xl', cellClassName: 'align-top whitespace-nowrap', cell: (m) => mailKindLabel(m.kind) },
    {
      id: 'error',
      header: 'Error',
      cellClassName: 'align-top min-w-56',
      cell: (m) => (
        <span title={m.lastError ?? undefined} className="line-clamp-3 font-mono text-xs break-words text-danger">
          {m.lastError ?? 'Unknown error'}
        </span>
      ),
    },
    { id: 'attempts', header: 'Attempts', showFrom: '@xl', cellClassName: 'align-top tabular-nums', cell: (m) => m.attempts },
    {
      id: 'queued',
      header: 'Queued',
      showFrom: '@5xl',
      cellClassName: 'align-top whitespace-nowrap',
      cell: (m) => formatDateTime(m.createdAt),
    },
    actionsColumn(
      (m) => (
        <Button
          variant="secondary"
          size="sm"
          loading={retrying(m.id)}
          onClick={async () => {
            try {
              await retry.mutateAsync(m.id);
              toast.success(`Sending "${m.subject}" again`);
            } catch (err) {
              toast.error(errorMessage(err));
            }
          }}
        >
          {!retrying(m.id) && <RotateCw className="size-3.5" aria-hidden="true" />}
          Retry
          <span className="sr-only"> mail to {m.toAddress}</span>
        </Button>
      ),
      { cellClassName: 'align-top text-right' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Mail"
        title="Failed mail"
        description="Customer emails that could not be sent after every retry. Fix the cause (for example the SMTP settings), then send them again."
      />
      <Card>
        <DataTable
          label="Failed mail"
          columns={columns}
          query={mail}
          emptyState={{
            icon: MailCheck,
            title: 'No failed mail',
            description: 'Every notification has been sent or is still being retried.',
          }}
          skeletonRows={3}
        />
      </Card>
    </>
  );
}

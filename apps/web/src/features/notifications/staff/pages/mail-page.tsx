import { MailCheck, RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { DataTable, tdClasses, thClasses } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { EmptyRows, RowsSkeleton } from '@/components/query-states';
import { errorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useFailedMail } from '../api/get-failed-mail';
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

  return (
    <>
      <PageHeader
        tabTitle="Mail"
        title="Failed mail"
        description="Customer emails that could not be sent after every retry. Fix the cause (for example the SMTP settings), then send them again."
      />
      <Card>
        {mail.isPending ? (
          <RowsSkeleton rows={3} />
        ) : mail.isError ? (
          <div className="p-5">
            <LoadError message={errorMessage(mail.error)} onRetry={() => mail.refetch()} />
          </div>
        ) : mail.data.length === 0 ? (
          <EmptyRows icon={MailCheck} title="No failed mail" description="Every notification has been sent or is still being retried." />
        ) : (
          <DataTable label="Failed mail">
            <thead>
              <tr>
                <th scope="col" className={thClasses}>
                  Mail
                </th>
                <th scope="col" className={`${thClasses} hidden @3xl:table-cell`}>
                  Kind
                </th>
                <th scope="col" className={thClasses}>
                  Error
                </th>
                <th scope="col" className={`${thClasses} hidden @xl:table-cell`}>
                  Attempts
                </th>
                <th scope="col" className={`${thClasses} hidden @5xl:table-cell`}>
                  Queued
                </th>
                <th scope="col" className={thClasses}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mail.data.map((m) => (
                <tr key={m.id} className="align-top hover:bg-subtle/50">
                  <td className={tdClasses}>
                    <span className="block max-w-64 truncate font-medium" title={m.subject}>
                      {m.subject}
                    </span>
                    <span className="block max-w-64 truncate text-xs text-muted">{m.toAddress}</span>
                  </td>
                  <td className={`${tdClasses} hidden whitespace-nowrap @3xl:table-cell`}>{mailKindLabel(m.kind)}</td>
                  <td className={`${tdClasses} min-w-56`}>
                    <span title={m.lastError ?? undefined} className="line-clamp-3 font-mono text-xs break-words text-danger">
                      {m.lastError ?? 'Unknown error'}
                    </span>
                  </td>
                  <td className={`${tdClasses} hidden tabular-nums @xl:table-cell`}>{m.attempts}</td>
                  <td className={`${tdClasses} hidden whitespace-nowrap @5xl:table-cell`}>{formatDateTime(m.createdAt)}</td>
                  <td className={`${tdClasses} text-right`}>
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={retry.isPending && retry.variables === m.id}
                      onClick={async () => {
                        try {
                          await retry.mutateAsync(m.id);
                          toast.success(`Sending "${m.subject}" again`);
                        } catch (err) {
                          toast.error(errorMessage(err));
                        }
                      }}
                    >
                      {!(retry.isPending && retry.variables === m.id) && <RotateCw className="size-3.5" aria-hidden="true" />}
                      Retry
                      <span className="sr-only"> mail to {m.toAddress}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Card>
    </>
  );
}

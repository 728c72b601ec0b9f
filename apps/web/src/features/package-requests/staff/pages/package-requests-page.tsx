import { PACKAGE_REQUEST_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { PACKAGE_REQUEST_TYPE_LABELS, packageRequestLabelPath, packageRequestWords } from '@hopbox/contracts/package-requests';
import { Coins, Download, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { lazyDialog } from '@/components/lazy-dialog';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { TimeAgo } from '@/components/time-ago';
import { useAppConfig } from '@/lib/app-config';
import { oneOf } from '@/lib/list-params';
import { useDownloadFile } from '@/lib/protected-file';
import { serverPageTable } from '@/lib/server-page';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { useSession } from '@/lib/use-session';
import { RequestStatusBadge } from '../../components/request-status-badge';
import { feeText, staffActionsOf } from '../../request-rules';
import { type QueuedRequest, type QueueStatus, useRequestQueue } from '../api/package-request-queue';
import { MoveRequestModal, type RequestAction } from '../components/move-request-modal';

// Admins' fee table loads when first opened: staff never need its code.
const RequestFeesModal = lazyDialog(async () => (await import('../components/request-fees-modal')).RequestFeesModal);

const FILTERS = [
  { value: 'OPEN', label: 'To do' },
  ...PACKAGE_REQUEST_LIFECYCLE.statuses.map((s) => ({ value: s, label: statusLabel(PACKAGE_REQUEST_LIFECYCLE, s) })),
  { value: 'all', label: 'All' },
] as const;
const FILTER_VALUES = FILTERS.map((f) => f.value);

/** The request's package, opened in the console's Packages page (searched by its Hopbox ID). */
function PackageLink({ hopboxId }: { hopboxId: string }) {
  return (
    <Link to={`/staff/packages?q=${encodeURIComponent(hopboxId)}`} className="font-mono text-accent-fg hover:underline">
      {hopboxId}
    </Link>
  );
}

/** The actions a request's status allows (PACKAGE_REQUEST_LIFECYCLE), each named with its package. */
function RequestActions({ request, onAction }: { request: QueuedRequest; onAction: (action: RequestAction) => void }) {
  const allowed = staffActionsOf(request.status, request.amountDue);
  if (!allowed.take && !allowed.finish && !allowed.refuse) return <span className="text-sm text-muted">Closed</span>;
  return (
    <div className="flex items-center gap-1.5">
      {allowed.take && (
        <Button size="sm" variant="secondary" onClick={() => onAction('take')} aria-label={`Take ${request.hopboxId}`}>
          Take
        </Button>
      )}
      {allowed.finish && (
        <Button size="sm" onClick={() => onAction('finish')} aria-label={`Finish ${request.hopboxId}`}>
          Finish
        </Button>
      )}
      {allowed.refuse && (
        <Button size="sm" variant="ghost" onClick={() => onAction('refuse')} aria-label={`Refuse ${request.hopboxId}`}>
          Refuse
        </Button>
      )}
    </div>
  );
}

/**
 * /staff/package-requests: what customers asked the warehouse to do with their packages (decision 061), oldest
 * first: where each package sits, whose it is, the fee, the notes and a return's label; taken, finished with what
 * the work produced, or refused.
 */
export default function PackageRequestsPage() {
  const idLabel = `${useAppConfig().brandName} ID`;
  const list = useListParams({ filters: { status: 'OPEN' } });
  const filter = oneOf(FILTER_VALUES, list.filters.status);
  const status = filter === 'all' ? undefined : (filter as QueueStatus);
  const queue = useRequestQueue({ page: list.page, pageSize: list.pageSize, status });
  useClampPage(list, queue.data?.total);
  const download = useDownloadFile();
  const [moving, setMoving] = useState<{ request: QueuedRequest; action: RequestAction } | null>(null);
  const admin = useSession()?.user.role === 'admin';
  const [editingFees, setEditingFees] = useState(false);

  const columns: Column<QueuedRequest>[] = [
    {
      id: 'package',
      header: idLabel,
      cell: (r) => (
        <CellLines
          main={<PackageLink hopboxId={r.hopboxId} />}
          sub={PACKAGE_REQUEST_TYPE_LABELS[r.type]}
          mainClassName="font-mono text-sm font-medium whitespace-nowrap"
        />
      ),
      card: { slot: 'title', render: (r) => <PackageLink hopboxId={r.hopboxId} /> },
    },
    { id: 'type', header: 'Type', showFrom: 'never', cell: (r) => PACKAGE_REQUEST_TYPE_LABELS[r.type], card: 'line' },
    {
      id: 'location',
      header: 'Location',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => (
        <CellLines
          main={r.location ?? <span className="font-sans text-muted">Not shelved</span>}
          sub={r.lockerNumber}
          mainClassName="font-mono text-sm font-semibold"
          subClassName="font-mono"
        />
      ),
      card: 'field',
    },
    {
      id: 'customer',
      header: 'Customer',
      showFrom: '@2xl',
      cell: (r) => <CellLines main={r.customerName} sub={<TimeAgo iso={r.createdAt} />} mainClassName="max-w-44 truncate" />,
      card: 'field',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <RequestStatusBadge status={r.status} />
          {r.amountDue > 0 && <Badge tone="orange">{packageRequestWords.awaitingPayment}</Badge>}
        </div>
      ),
      card: 'aside',
    },
    {
      id: 'fee',
      header: 'Fee',
      showFrom: '@3xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (r) => feeText(r.fee, r.currency),
      card: 'field',
    },
    {
      id: 'notes',
      header: 'Notes',
      showFrom: '@4xl',
      cellClassName: 'max-w-64',
      cell: (r) => (
        <div className="space-y-1">
          <span className="line-clamp-2 text-sm text-muted">{r.notes || '—'}</span>
          {r.label && (
            <button
              type="button"
              onClick={() => void download(packageRequestLabelPath(r.id, 'staff'), r.label?.fileName ?? 'return-label')}
              className="inline-flex items-center gap-1 text-xs font-medium text-accent-fg hover:underline"
            >
              <Download className="size-3.5" aria-hidden="true" />
              Return label
              <span className="sr-only"> of {r.hopboxId}</span>
            </button>
          )}
        </div>
      ),
      card: 'wide-field',
    },
    actionsColumn((r) => <RequestActions request={r} onAction={(action) => setMoving({ request: r, action })} />, { card: 'actions' }),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Package requests"
        title="Package requests"
        description="Repacks, removed packaging, splits, returns and discards customers asked for, oldest first. Take one, then finish it with what the work produced, or refuse it saying why. A return or discard awaiting payment can be taken once the customer pays its fee."
        actions={
          <>
            {admin && (
              <Button variant="secondary" onClick={() => setEditingFees(true)}>
                <Coins className="size-4" aria-hidden="true" />
                Service fees
              </Button>
            )}
            <RefreshButton query={queue} />
          </>
        }
      />
      <FilterButtons
        label="Status"
        options={FILTERS}
        value={filter}
        onChange={(value) => list.setFilter('status', value)}
        className="mb-4"
      />
      <Card>
        <DataTable
          label="Package requests"
          columns={columns}
          {...serverPageTable(queue, list, 'Package requests')}
          cards
          emptyState={{
            icon: Wrench,
            title: filter === 'OPEN' ? 'Nothing to do' : 'No package requests',
            description: 'Requests customers make on Package Details appear here, oldest first.',
          }}
        />
      </Card>
      <MoveRequestModal request={moving?.request ?? null} action={moving?.action ?? 'take'} onClose={() => setMoving(null)} />
      <RequestFeesModal isOpen={editingFees} onClose={() => setEditingFees(false)} />
    </>
  );
}

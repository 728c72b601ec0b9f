import { CLAIM_TYPE_LABELS } from '@hopbox/contracts/claims';
import { CLAIM_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { ShieldAlert } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { CellLines, type Column, DataTable, openColumn } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { TimeAgo } from '@/components/time-ago';
import { oneOf } from '@/lib/list-params';
import { serverPageTable } from '@/lib/server-page';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { ClaimStatusBadge } from '../../components/claim-status-badge';
import { type ClaimQueueStatus, type QueuedClaim, useClaimQueue } from '../api/staff-claims';
import { ClaimDecisionView } from '../components/claim-decision-view';

const FILTERS = [
  { value: 'OPEN', label: 'To do' },
  ...CLAIM_LIFECYCLE.statuses.filter((s) => s !== 'OPEN').map((s) => ({ value: s, label: statusLabel(CLAIM_LIFECYCLE, s) })),
  { value: 'all', label: 'All' },
] as const;
const FILTER_VALUES = FILTERS.map((f) => f.value);

/** The customer answered staff's question: the claim is back with staff (the API lists these first among the open). */
const answered = (claim: QueuedClaim) => claim.status === 'OPEN' && claim.messages.at(-1)?.from === 'customer';

/** What the claim is about: the package's Hopbox ID, or the shipment's reference. */
const subjectOf = (claim: QueuedClaim) => claim.hopboxId ?? claim.shipmentRef ?? '—';

/**
 * /staff/claims and /staff/claims/:id: the claims customers filed (decision 065), the answered and then the oldest
 * first, and one claim beside its evidence with the decision form (decision 067).
 */
export default function ClaimsPage() {
  const params = useParams();
  const openId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  // The queue's filter and page stay in the address while a claim is open.
  const { search: keep } = useLocation();
  if (params.id !== undefined) return <ClaimDecisionView id={openId} backTo={`/staff/claims${keep}`} />;
  return <ClaimQueue keep={keep} />;
}

function ClaimQueue({ keep }: { keep: string }) {
  const navigate = useNavigate();
  const list = useListParams({ filters: { status: 'OPEN' } });
  const filter = oneOf(FILTER_VALUES, list.filters.status);
  const status = filter === 'all' ? undefined : (filter as ClaimQueueStatus);
  const queue = useClaimQueue({ page: list.page, pageSize: list.pageSize, status });
  useClampPage(list, queue.data?.total);

  const columns: Column<QueuedClaim>[] = [
    {
      id: 'reference',
      header: 'Claim',
      cell: (c) => (
        <CellLines main={c.reference} sub={CLAIM_TYPE_LABELS[c.type]} mainClassName="font-mono text-sm font-medium whitespace-nowrap" />
      ),
      card: { slot: 'title', render: (c) => <span className="font-mono">{c.reference}</span> },
    },
    {
      id: 'customer',
      header: 'Customer',
      cell: (c) => <CellLines main={c.customerName} sub={c.lockerNumber} mainClassName="max-w-44 truncate" subClassName="font-mono" />,
      card: 'field',
    },
    {
      id: 'subject',
      header: 'About',
      showFrom: '@2xl',
      cellClassName: 'whitespace-nowrap',
      cell: (c) => <CellLines main={subjectOf(c)} sub={c.hopboxId ? 'Package' : 'Shipment'} mainClassName="font-mono text-sm" />,
      card: { slot: 'field', render: (c) => <span className="font-mono">{subjectOf(c)}</span> },
    },
    { id: 'type', header: 'Type', showFrom: 'never', cell: (c) => CLAIM_TYPE_LABELS[c.type], card: 'line' },
    {
      id: 'amount',
      header: 'Amount',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (c) => formatMoney(c.amount, c.currency),
      card: 'field',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <ClaimStatusBadge status={c.status} />
          {answered(c) && <Badge tone="accent">Answered</Badge>}
        </div>
      ),
      card: 'aside',
    },
    {
      id: 'filed',
      header: 'Filed',
      showFrom: '@xl',
      cellClassName: 'whitespace-nowrap text-muted',
      cell: (c) => <TimeAgo iso={c.createdAt} />,
      card: 'field',
    },
    openColumn(
      (c) => navigate(`/staff/claims/${c.id}${keep}`),
      (c) => `Open ${c.reference}`,
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Claims"
        title="Claims"
        description="What customers claimed went wrong: answered claims first, then the oldest. Open one to decide it beside the evidence."
        actions={<RefreshButton query={queue} />}
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
          label="Claims"
          columns={columns}
          {...serverPageTable(queue, list, 'Claims')}
          cards
          emptyState={{
            icon: ShieldAlert,
            title: filter === 'OPEN' ? 'Nothing to do' : 'No claims',
            description: 'Claims customers file on their packages and shipments appear here, oldest first.',
          }}
        />
      </Card>
    </>
  );
}

import { CLAIM_TYPE_LABELS } from '@hopbox/contracts/claim-labels';
import { claimPath } from '@hopbox/contracts/claim-path';
import type { Claim } from '@hopbox/contracts/claims';
import { formatMoney } from '@hopbox/contracts/money';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable, dateColumn } from '@/components/data-table';
import { serverPageTable } from '@/lib/server-page';
import { portalPager, useClampPage, useListParams } from '@/lib/use-list-params';
import { useClaims } from '../api/claims';
import { needsAnswer, subjectWords } from '../claim-display';
import { ClaimStatusBadge } from './claim-status-badge';

/** The customer's claims, newest first, a page at a time from the API; one waiting for an answer stands out. */
export function ClaimsList() {
  const list = useListParams();
  const claims = useClaims({ page: list.page, pageSize: list.pageSize });
  useClampPage(list, claims.data?.total);
  const waiting = claims.data?.data.filter(needsAnswer) ?? [];

  const columns: Column<Claim>[] = [
    {
      id: 'reference',
      header: 'Claim',
      cell: (c) => (
        <CellLines
          main={c.reference}
          sub={needsAnswer(c) ? <span className="font-medium text-orange-700 dark:text-orange-300">Your answer is needed</span> : null}
          mainClassName="font-semibold tracking-wide whitespace-nowrap"
        />
      ),
      card: { slot: 'title', render: (c) => <span className="tracking-wide">{c.reference}</span> },
    },
    {
      id: 'about',
      header: 'About',
      cell: (c) => (
        <CellLines
          main={subjectWords(c)}
          sub={c.hopboxId && c.shipmentRef ? `In shipment ${c.shipmentRef}` : null}
          mainClassName="whitespace-nowrap"
        />
      ),
      card: 'line',
    },
    { id: 'type', header: 'Type', cell: (c) => CLAIM_TYPE_LABELS[c.type], cellClassName: 'whitespace-nowrap', card: 'field' },
    {
      id: 'amount',
      header: 'Amount',
      showFrom: '@xl',
      cell: (c) => formatMoney(c.amount, c.currency),
      cellClassName: 'whitespace-nowrap tabular-nums',
      card: 'field',
    },
    { id: 'status', header: 'Status', cell: (c) => <ClaimStatusBadge status={c.status} />, card: 'footer' },
    dateColumn('filed', 'Filed', (c) => c.createdAt),
    actionsColumn(
      (c) => (
        <Link
          to={claimPath(c.id)}
          aria-label={`${needsAnswer(c) ? 'Answer' : 'Open'} ${c.reference}`}
          className={buttonClasses(needsAnswer(c) ? 'primary' : 'secondary', 'sm')}
        >
          {needsAnswer(c) ? 'Answer' : 'Open'}
        </Link>
      ),
      { card: 'actions' },
    ),
  ];

  return (
    <div className="space-y-4">
      {waiting.length > 0 && (
        <Alert tone="warning">
          The warehouse team needs more from you on{' '}
          {waiting.map((c, i) => (
            <span key={c.id}>
              {i > 0 && ', '}
              <Link to={claimPath(c.id)} className="font-semibold underline">
                {c.reference}
              </Link>
            </span>
          ))}
          : answer there, with photos if you have them.
        </Alert>
      )}
      <Card className="overflow-hidden">
        <DataTable
          {...serverPageTable(claims, list, 'Claims')}
          pager={portalPager(list, 'Claims', list.page, claims.data?.total ?? 0)}
          label="Your claims"
          columns={columns}
          cards
          skeletonRows={3}
          emptyState={{
            icon: TriangleAlert,
            title: 'No claims',
            description:
              'A claim asks us to make it right when a parcel is lost, arrives damaged or with items missing, or was weighed wrong. File one from a sent shipment’s details (Sent Shipments) or from a package’s details (Received Packages).',
            action: (
              <Link to="/sent-shipment" className={buttonClasses('secondary')}>
                Go to Sent Shipments
              </Link>
            ),
          }}
        />
      </Card>
    </div>
  );
}

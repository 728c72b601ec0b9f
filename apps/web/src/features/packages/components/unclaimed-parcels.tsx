import type { PublicUnidentified } from '@hopbox/contracts/arrivals';
import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { formatMoney } from '@hopbox/contracts/money';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { actionsColumn, type Column, DataTable, dateColumn } from '@/components/data-table';
import { lazyDialog } from '@/components/lazy-dialog';
import { formatShortDate } from '@/lib/format';
import { portalPager } from '@/lib/use-list-params';
import { useUnclaimedParcels } from '../api/arrivals';

const ClaimParcelModal = lazyDialog(async () => (await import('./claim-parcel-modal')).ClaimParcelModal);

const columns: Column<PublicUnidentified>[] = [
  {
    id: 'shipper',
    header: 'Shipper',
    cell: (p) => <span className="font-medium text-fg">{p.shipper}</span>,
    card: 'title',
  },
  dateColumn('received', 'Received', (p) => p.receivedDate),
  { id: 'origin', header: 'Origin', cell: (p) => p.origin, card: 'field' },
  {
    id: 'tracking',
    header: 'Tracking number',
    cell: (p) => (
      <span className="font-mono text-[13px] whitespace-nowrap">
        <span aria-hidden="true">…</span>
        <span className="sr-only">ending in </span>
        {p.trackingLast4}
      </span>
    ),
    card: 'field',
  },
  {
    id: 'fee',
    header: 'Handling fee',
    cell: (p) => formatMoney(p.handlingFee, p.currency),
    cellClassName: 'whitespace-nowrap tabular-nums',
    showFrom: '@4xl',
    card: 'field',
  },
  {
    id: 'disposal',
    header: 'Kept until',
    cell: (p) => <time dateTime={p.disposalDate}>{formatShortDate(p.disposalDate)}</time>,
    cellClassName: 'whitespace-nowrap',
    card: 'field',
  },
];

/**
 * The "Unclaimed parcels" view of Received Packages: parcels that arrived without a locker number and matched
 * nobody's pre-alert, shown only by what cannot give them away; the owner claims one with its full tracking number.
 */
export function UnclaimedParcels() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const parcels = useUnclaimedParcels({ page, pageSize });
  const [claiming, setClaiming] = useState<PublicUnidentified | null>(null);
  const total = parcels.data?.total ?? 0;

  const withActions: Column<PublicUnidentified>[] = [
    ...columns,
    actionsColumn(
      (p) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setClaiming(p)}
          aria-label={`Claim parcel from ${p.shipper} ending in ${p.trackingLast4}`}
        >
          Claim
        </Button>
      ),
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <Card className="overflow-hidden">
        <CardHeader
          title="Can't find a parcel?"
          description="Parcels that reached the warehouse without a locker number. If one is yours, claim it with its full tracking number."
        />
        <DataTable
          label="Unclaimed parcels"
          columns={withActions}
          rows={parcels.data?.data}
          query={parcels}
          cards
          refreshing={parcels.isPlaceholderData}
          skeletonRows={3}
          errorText="Could not load the unclaimed parcels"
          emptyState={{
            icon: PackageCheck,
            title: 'No unclaimed parcels',
            description: 'Every parcel that reached the warehouse found its locker. Add a pre-alert for the next one so it does too.',
          }}
          pager={portalPager(
            {
              pageSize,
              setPage,
              setPageSize: (size) => {
                setPageSize(size);
                setPage(1);
              },
            },
            'Unclaimed parcels',
            page,
            total,
          )}
        />
      </Card>
      <ClaimParcelModal parcel={claiming} isOpen={claiming !== null} onClose={() => setClaiming(null)} />
    </>
  );
}

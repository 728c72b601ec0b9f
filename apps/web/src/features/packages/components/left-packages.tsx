import { PACKAGE_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import type { Package } from '@hopbox/contracts/packages';
import { History } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { actionsColumn, type Column, DataTable, dateColumn } from '@/components/data-table';
import { shipperContentColumns } from '@/components/parcel-columns';
import { serverPageTable } from '@/lib/server-page';
import { portalPager, useClampPage, useListParams } from '@/lib/use-list-params';
import { useLeftPackages } from '../api/get-received-packages';

const LEFT_TONES: Record<NonNullable<Package['leftAs']>, BadgeTone> = { RETURNED: 'blue', DISCARDED: 'gray', SPLIT: 'accent' };

/** How a package left the locker, in words (the package lifecycle's label). */
export function LeftAsBadge({ leftAs }: { leftAs: NonNullable<Package['leftAs']> }) {
  return <Badge tone={LEFT_TONES[leftAs]}>{statusLabel(PACKAGE_LIFECYCLE, leftAs)}</Badge>;
}

/**
 * The "Left the locker" view of Received Packages: packages returned to their sender, discarded or split into new
 * parcels through a service the customer asked for (decision 061), kept to read; nothing more can be done with them.
 */
export function LeftPackages({ onView }: { onView: (pkg: Package) => void }) {
  const list = useListParams();
  const packages = useLeftPackages({ page: list.page, pageSize: list.pageSize });
  useClampPage(list, packages.data?.total);
  const columns: Column<Package>[] = [
    { id: 'id', header: 'ID', cell: (p) => p.hopboxId, cellClassName: 'font-semibold tracking-wide whitespace-nowrap', card: 'title' },
    ...shipperContentColumns<Package>(
      (p) => p.shipper,
      (p) => p.packageContent,
    ),
    dateColumn('received', 'Received Date', (p) => p.receivedDate),
    { id: 'status', header: 'Status', cell: (p) => p.leftAs && <LeftAsBadge leftAs={p.leftAs} />, card: 'aside' },
    actionsColumn(
      (p) => (
        <Button variant="secondary" size="sm" onClick={() => onView(p)} aria-label={`View details of ${p.hopboxId}`}>
          View details
        </Button>
      ),
      { card: 'actions' },
    ),
  ];
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Left the locker"
        description="Packages returned to their sender, discarded, or split into new parcels at your request."
      />
      <DataTable
        {...serverPageTable(packages, list, 'Packages that left the locker')}
        pager={portalPager(list, 'Packages that left the locker', list.page, packages.data?.total ?? 0)}
        label="Packages that left the locker"
        columns={columns}
        cards
        skeletonRows={3}
        emptyState={{
          icon: History,
          title: 'Nothing has left your locker',
          description: 'Packages you ask us to return, discard or split are listed here afterwards.',
        }}
      />
    </Card>
  );
}

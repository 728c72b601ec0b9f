import { formatMoney } from '@hopbox/contracts/money';
import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable, dateColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { useAppConfig } from '@/lib/app-config';
import { formatShortDate } from '@/lib/format';
import { serverPageTable } from '@/lib/server-page';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { type UnidentifiedPackage, useUnidentifiedPackages } from '../api/unidentified-packages';
import { AssignModal } from '../components/assign-modal';

/** Days left before the disposal date under which the wait is shown as urgent. */
const URGENT_DAYS = 7;

function Waiting({ parcel }: { parcel: UnidentifiedPackage }) {
  const left = Math.ceil((Date.parse(parcel.disposalDate) - Date.now()) / 86_400_000);
  const tone = left <= URGENT_DAYS ? 'red' : parcel.daysWaiting >= URGENT_DAYS ? 'yellow' : 'gray';
  return (
    <Badge tone={tone}>
      {parcel.daysWaiting} day{parcel.daysWaiting === 1 ? '' : 's'}
    </Badge>
  );
}

/**
 * /staff/unidentified: parcels received without a suite number nobody could match (issue "Arrivals"), oldest
 * first, each assigned to the locker it belongs to once staff know whose it is.
 */
export default function UnidentifiedPage() {
  const idLabel = `${useAppConfig().brandName} ID`;
  const list = useListParams();
  const { page, pageSize } = list;
  const parcels = useUnidentifiedPackages({ page, pageSize });
  useClampPage(list, parcels.data?.total);
  const [assigning, setAssigning] = useState<UnidentifiedPackage | null>(null);

  const columns: Column<UnidentifiedPackage>[] = [
    {
      id: 'id',
      header: idLabel,
      cell: (p) => (
        <CellLines
          main={p.hopboxId}
          sub={p.packageContent}
          mainClassName="font-mono text-sm font-medium whitespace-nowrap"
          truncate="max-w-44"
        />
      ),
      card: { slot: 'title', render: (p) => <span className="font-mono">{p.hopboxId}</span> },
    },
    // The wait sits under the day received: one column fewer keeps the fee and disposal date in view beside the menu.
    {
      ...dateColumn('received', 'Received', (p: UnidentifiedPackage) => p.receivedDate),
      cell: (p) => (
        <span className="flex flex-col items-start gap-1">
          <time dateTime={p.receivedDate}>{formatShortDate(p.receivedDate)}</time>
          <Waiting parcel={p} />
        </span>
      ),
      skeleton: 'h-9 w-20',
    },
    { id: 'waiting', header: 'Waiting', showFrom: 'never', cell: (p) => <Waiting parcel={p} />, card: 'footer' },
    {
      id: 'shipper',
      header: 'Shipper',
      cell: (p) => <CellLines main={p.shipper} sub={p.origin} truncate="max-w-40" />,
      card: { slot: 'line', render: (p) => `${p.shipper} · ${p.origin}` },
    },
    // In the table the content is the line under the Hopbox ID; a card gives it a line of its own.
    { id: 'content', header: 'Content', showFrom: 'never', cell: (p) => p.packageContent, card: 'line' },
    {
      id: 'tracking',
      header: 'Tracking number',
      showFrom: '@3xl',
      cellClassName: 'max-w-40 font-mono text-xs wrap-anywhere',
      cell: (p) => p.externalTrackingNumber ?? <span className="font-sans text-muted">None</span>,
      card: 'wide-field',
    },
    {
      id: 'location',
      header: 'Location',
      showFrom: '@4xl',
      cellClassName: 'font-mono whitespace-nowrap',
      cell: (p) => p.location ?? <span className="font-sans text-muted">N/A</span>,
      card: 'field',
    },
    {
      id: 'disposal',
      header: 'Disposal',
      showFrom: '@4xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (p) => (
        <CellLines
          main={<time dateTime={p.disposalDate}>{formatShortDate(p.disposalDate)}</time>}
          sub={`Handling ${formatMoney(p.handlingFee, p.currency)}`}
        />
      ),
      card: { slot: 'field', render: (p) => <time dateTime={p.disposalDate}>{formatShortDate(p.disposalDate)}</time> },
    },
    { id: 'fee', header: 'Handling fee', showFrom: 'never', cell: (p) => formatMoney(p.handlingFee, p.currency), card: 'field' },
    actionsColumn(
      (p) => (
        <button
          type="button"
          onClick={() => setAssigning(p)}
          aria-label={`Assign ${p.hopboxId}`}
          className={buttonClasses('primary', 'sm')}
        >
          Assign
        </button>
      ),
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Unidentified"
        title="Unidentified"
        description="Parcels with no suite number that matched no pre-alert, oldest first. Assign each to its customer's locker; customers can also claim them by the full tracking number."
        actions={<RefreshButton query={parcels} />}
      />
      <Card>
        <DataTable
          label="Unidentified parcels"
          columns={columns}
          {...serverPageTable(parcels, list, 'Unidentified parcels')}
          cards
          emptyState={{
            icon: PackageSearch,
            title: 'No unidentified parcels',
            description: 'Every parcel received so far is in a locker. Parcels nobody can match wait here.',
          }}
        />
      </Card>
      <AssignModal parcel={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}

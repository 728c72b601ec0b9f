import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { messages } from '@hopbox/contracts/messages';
import { packageTotals } from '@hopbox/contracts/package-totals';
import type { Package } from '@hopbox/contracts/packages';
import { FileText, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { type Column, DataTable, tdClasses } from '@/components/data-table';
import { DetailItem } from '@/components/detail-list';
import { useAppConfig } from '@/lib/app-config';
import { formatDimensions, formatWeight } from '@/lib/format';
import { originsOf } from '../shipment-price';

/**
 * Step 1: the selected packages with their origin, weight, dimensions and quantity, and the totals; packages
 * whose customs declaration is incomplete are named, each with a way to its declaration form.
 */
export function PackageDetailsStep({
  packages,
  onCompleteDeclaration,
}: {
  packages: Package[];
  onCompleteDeclaration?: (pkg: Package) => void;
}) {
  const { brandName } = useAppConfig();
  const origins = originsOf(packages);
  const totals = packageTotals(packages);
  const undeclared = packages.filter((p) => !p.declarationComplete);

  const columns: Column<Package>[] = [
    { id: 'id', header: `${brandName} ID`, cellClassName: 'font-medium whitespace-nowrap', cell: (p) => p.hopboxId, card: 'title' },
    {
      id: 'content',
      header: 'Content',
      cellClassName: 'max-w-56 truncate',
      cell: (p) => <span title={p.packageContent}>{p.packageContent}</span>,
      card: { slot: 'line', render: (p) => p.packageContent, className: 'mt-0.5 text-sm break-words text-muted' },
    },
    { id: 'origin', header: 'Origin', cellClassName: 'whitespace-nowrap', cell: (p) => p.origin, card: 'field' },
    {
      id: 'weight',
      header: 'Weight',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatWeight(p.packageWeight),
      card: 'field',
    },
    {
      id: 'dimensions',
      header: 'Dimensions (L × B × H)',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatDimensions(p.packageLength, p.packageBreadth, p.packageHeight),
      card: 'field',
    },
    {
      id: 'quantity',
      header: 'Quantity',
      className: 'text-right',
      cellClassName: 'tabular-nums',
      cell: (p) => p.quantity,
      card: 'field',
    },
  ];

  if (packages.length === 0) return <Alert tone="error">{messages.shipments.selectPackage}</Alert>;

  return (
    <div className="@container space-y-4">
      {origins.length > 1 && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium">{messages.shipments.differentOrigins}</p>
            <p className="mt-1">
              Origins in your selection:{' '}
              {origins.map((origin, i) => (
                <span key={origin}>
                  {i > 0 && ', '}
                  <strong className="font-semibold">{origin}</strong> ({packages.filter((p) => p.origin === origin).length})
                </span>
              ))}
            </p>
          </div>
        </div>
      )}

      {undeclared.length > 0 && (
        <Alert tone="error">
          <p className="font-medium">{declarationMessages.incomplete(undeclared.map((p) => p.hopboxId))}</p>
          {onCompleteDeclaration && (
            <div className="mt-2 flex flex-wrap gap-2">
              {undeclared.map((p) => (
                <Button key={p.id} variant="secondary" size="sm" onClick={() => onCompleteDeclaration(p)}>
                  <FileText className="size-4" aria-hidden="true" />
                  Complete declaration for {p.hopboxId}
                </Button>
              ))}
            </div>
          )}
        </Alert>
      )}

      <p className="text-sm text-muted">
        {packages.length === 1
          ? 'This package will be shipped on its own and paid for by card.'
          : `These ${packages.length} packages will be consolidated into one shipment. You pay when it is ready to ship.`}
      </p>

      {/* On a phone the packages are cards (nothing to scroll sideways) and the totals follow them. */}
      <DataTable
        label="Selected packages"
        columns={columns}
        rows={packages}
        cards
        className="overflow-hidden rounded-lg border border-line"
        footer={
          <tr className="bg-subtle font-semibold tabular-nums">
            <th scope="row" colSpan={3} className={tdClasses}>
              Total ({packages.length} {packages.length === 1 ? 'package' : 'packages'})
            </th>
            <td className={`${tdClasses} text-right`}>{formatWeight(totals.weight)}</td>
            <td className={tdClasses}>{formatDimensions(totals.length, totals.breadth, totals.height)}</td>
            <td className={`${tdClasses} text-right`}>{totals.pieces}</td>
          </tr>
        }
      />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-line bg-subtle px-4 py-3 tabular-nums @3xl:hidden">
        <DetailItem label={`Total (${packages.length} ${packages.length === 1 ? 'package' : 'packages'})`}>
          {formatWeight(totals.weight)}
        </DetailItem>
        <DetailItem label="Pieces">{totals.pieces}</DetailItem>
        <DetailItem label="Dimensions (L × B × H)" className="col-span-2">
          {formatDimensions(totals.length, totals.breadth, totals.height)}
        </DetailItem>
      </dl>
    </div>
  );
}

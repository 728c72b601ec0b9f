import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { packageTotals } from '@hopbox/contracts/pricing';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/alert';
import { type Column, DataTable, tdClasses } from '@/components/data-table';
import { useAppConfig } from '@/lib/app-config';
import { formatDimensions, formatWeight } from '@/lib/format';
import { originsOf } from '../shipment-price';

/** Step 1: the selected packages with their origin, weight, dimensions and quantity, and the totals. */
export function PackageDetailsStep({ packages }: { packages: Package[] }) {
  const { brandName } = useAppConfig();
  const origins = originsOf(packages);
  const totals = packageTotals(packages);

  const columns: Column<Package>[] = [
    { id: 'id', header: `${brandName} ID`, cellClassName: 'font-medium whitespace-nowrap', cell: (p) => p.hopboxId },
    {
      id: 'content',
      header: 'Content',
      cellClassName: 'max-w-56 truncate',
      cell: (p) => <span title={p.packageContent}>{p.packageContent}</span>,
    },
    { id: 'origin', header: 'Origin', cellClassName: 'whitespace-nowrap', cell: (p) => p.origin },
    {
      id: 'weight',
      header: 'Weight',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatWeight(p.packageWeight),
    },
    {
      id: 'dimensions',
      header: 'Dimensions (L × B × H)',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatDimensions(p.packageLength, p.packageBreadth, p.packageHeight),
    },
    { id: 'quantity', header: 'Quantity', className: 'text-right', cellClassName: 'tabular-nums', cell: (p) => p.quantity },
  ];

  if (packages.length === 0) return <Alert tone="error">{messages.shipments.selectPackage}</Alert>;

  return (
    <div className="space-y-4">
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

      <p className="text-sm text-muted">
        {packages.length === 1
          ? 'This package will be shipped on its own and paid for by card.'
          : `These ${packages.length} packages will be consolidated into one shipment. You pay when it is ready to ship.`}
      </p>

      <DataTable
        label="Selected packages"
        columns={columns}
        rows={packages}
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
    </div>
  );
}

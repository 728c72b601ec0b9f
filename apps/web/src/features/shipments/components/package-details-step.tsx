import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { packageTotals } from '@hopbox/contracts/pricing';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/alert';
import { useAppConfig } from '@/lib/app-config';
import { formatDimensions, formatWeight } from '@/lib/format';
import { originsOf } from '../shipment-price';

const th = 'px-3 py-2.5 text-left text-xs font-medium tracking-wide whitespace-nowrap text-muted uppercase';
const td = 'px-3 py-2.5 text-sm whitespace-nowrap text-fg';

/** Step 1: the selected packages with their origin, weight, dimensions and quantity, and the totals. */
export function PackageDetailsStep({ packages }: { packages: Package[] }) {
  const { brandName } = useAppConfig();
  const origins = originsOf(packages);
  const totals = packageTotals(packages);

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

      <div className="overflow-x-auto rounded-lg border border-line" role="region" aria-label="Selected packages" tabIndex={0}>
        <table className="min-w-full divide-y divide-line">
          <thead className="bg-subtle">
            <tr>
              <th scope="col" className={th}>
                {brandName} ID
              </th>
              <th scope="col" className={th}>
                Content
              </th>
              <th scope="col" className={th}>
                Origin
              </th>
              <th scope="col" className={`${th} text-right`}>
                Weight
              </th>
              <th scope="col" className={th}>
                Dimensions (L × B × H)
              </th>
              <th scope="col" className={`${th} text-right`}>
                Quantity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line bg-surface">
            {packages.map((p) => (
              <tr key={p.id}>
                <td className={`${td} font-medium`}>{p.hopboxId}</td>
                <td className={`${td} max-w-56 truncate`} title={p.packageContent}>
                  {p.packageContent}
                </td>
                <td className={td}>{p.origin}</td>
                <td className={`${td} text-right tabular-nums`}>{formatWeight(p.packageWeight)}</td>
                <td className={`${td} tabular-nums`}>{formatDimensions(p.packageLength, p.packageBreadth, p.packageHeight)}</td>
                <td className={`${td} text-right tabular-nums`}>{p.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-subtle">
            <tr>
              <th scope="row" colSpan={3} className={`${td} text-left font-semibold`}>
                Total ({packages.length} {packages.length === 1 ? 'package' : 'packages'})
              </th>
              <td className={`${td} text-right font-semibold tabular-nums`}>{formatWeight(totals.weight)}</td>
              <td className={`${td} font-semibold tabular-nums`}>{formatDimensions(totals.length, totals.breadth, totals.height)}</td>
              <td className={`${td} text-right font-semibold tabular-nums`}>{totals.pieces}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

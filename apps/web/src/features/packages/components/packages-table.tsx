import type { Package } from '@hopbox/contracts/packages';
import { Camera, Eye, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';

export interface PackageRowActions {
  onView: (pkg: Package) => void;
  onEdit: (pkg: Package) => void;
  onRequestPhoto: (pkg: Package) => void;
}

interface PackagesTableProps extends PackageRowActions {
  /** The visible page, or undefined while the first page loads. */
  packages: Package[] | undefined;
  brandName: string;
  isSelected: (pkg: Package) => boolean;
  onToggle: (pkg: Package) => void;
  /** Selects the visible page, or clears it when it is all selected. */
  onToggleAll: () => void;
  /** A newer page is on its way (the shown one is the previous). */
  refreshing?: boolean;
}

const SKELETON_ROWS = 6;

const checkboxClasses = 'size-4 rounded border-line-strong accent-accent focus-visible:outline-2 focus-visible:outline-offset-2';

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
  disabled,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <input
      type="checkbox"
      className={checkboxClasses}
      checked={checked}
      disabled={disabled}
      aria-label={label}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={onChange}
    />
  );
}

function ActionButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg"
    >
      {children}
    </button>
  );
}

/** View, edit, and request photo, or the 'Photo Requested' badge once a request is open. */
function RowActions({ pkg, onView, onEdit, onRequestPhoto }: PackageRowActions & { pkg: Package }) {
  return (
    <div className="flex items-center gap-1">
      <ActionButton label={`View details of ${pkg.hopboxId}`} onClick={() => onView(pkg)}>
        <Eye className="size-4" aria-hidden="true" />
      </ActionButton>
      <ActionButton label={`Edit ${pkg.hopboxId}`} onClick={() => onEdit(pkg)}>
        <Pencil className="size-4" aria-hidden="true" />
      </ActionButton>
      {pkg.photoRequested ? (
        <Badge tone="blue" className="ml-1">
          <Camera className="size-3.5" aria-hidden="true" />
          Photo Requested
        </Badge>
      ) : (
        <ActionButton label={`Request photo of ${pkg.hopboxId}`} onClick={() => onRequestPhoto(pkg)}>
          <Camera className="size-4" aria-hidden="true" />
        </ActionButton>
      )}
    </div>
  );
}

/**
 * The Received Packages list: a table when its container is wide, stacked cards when it is narrow
 * (a phone, or a tablet with the sidebar open). Container queries, so the sidebar's width counts.
 */
export function PackagesTable({
  packages,
  brandName,
  isSelected,
  onToggle,
  onToggleAll,
  refreshing = false,
  ...actions
}: PackagesTableProps) {
  const rows = packages ?? [];
  const selectedOnPage = rows.filter(isSelected).length;
  const allSelected = rows.length > 0 && selectedOnPage === rows.length;
  const someSelected = selectedOnPage > 0 && !allSelected;
  const loading = packages === undefined;

  return (
    <div className={cn('transition-opacity', refreshing && 'opacity-60')} aria-busy={loading || refreshing}>
      {/* Wide: the table. */}
      <div className="hidden overflow-x-auto @3xl:block">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Received packages</caption>
          <thead className="border-b border-line bg-subtle/60 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
            <tr>
              <th scope="col" className="w-12 py-3 pr-2 pl-5">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected}
                  disabled={loading || rows.length === 0}
                  label="Select all packages on this page"
                  onChange={onToggleAll}
                />
              </th>
              <th scope="col" className="px-3 py-3">
                {brandName} ID
              </th>
              <th scope="col" className="px-3 py-3">
                Shipper
              </th>
              <th scope="col" className="px-3 py-3">
                Content
              </th>
              <th scope="col" className="px-3 py-3">
                Received Date
              </th>
              <th scope="col" className="px-3 py-3">
                Origin
              </th>
              <th scope="col" className="py-3 pr-5 pl-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i}>
                    <td className="py-4 pr-2 pl-5">
                      <Skeleton className="size-4" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-4 w-24" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-4 w-24" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-4 w-32" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-4 w-20" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-4 w-28" />
                    </td>
                    <td className="py-4 pr-5 pl-3">
                      <Skeleton className="h-6 w-28" />
                    </td>
                  </tr>
                ))
              : rows.map((pkg) => {
                  const selected = isSelected(pkg);
                  return (
                    <tr key={pkg.id} className={cn('transition-colors', selected ? 'bg-accent-soft/60' : 'hover:bg-subtle/60')}>
                      <td className="py-3 pr-2 pl-5">
                        <Checkbox checked={selected} label={`Select ${pkg.hopboxId}`} onChange={() => onToggle(pkg)} />
                      </td>
                      <td className="px-3 py-3 font-semibold tracking-wide whitespace-nowrap text-fg">{pkg.hopboxId}</td>
                      <td className="max-w-44 px-3 py-3 text-fg">{pkg.shipper}</td>
                      <td className="max-w-56 px-3 py-3 text-fg">{pkg.packageContent}</td>
                      <td className="px-3 py-3 whitespace-nowrap text-muted">
                        <time dateTime={pkg.receivedDate}>{formatShortDate(pkg.receivedDate)}</time>
                      </td>
                      <td className="max-w-60 px-3 py-3 text-muted">{pkg.origin}</td>
                      <td className="py-2 pr-5 pl-3">
                        <RowActions pkg={pkg} {...actions} />
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </div>

      {/* Narrow: stacked cards, with a select-all bar. */}
      <div className="@3xl:hidden">
        <div className="flex items-center gap-3 border-b border-line bg-subtle/60 px-4 py-2.5 text-sm font-medium text-muted">
          <Checkbox
            checked={allSelected}
            indeterminate={someSelected}
            disabled={loading || rows.length === 0}
            label="Select all packages on this page"
            onChange={onToggleAll}
          />
          <span aria-hidden="true">Select all on this page</span>
        </div>
        <ul className="divide-y divide-line" aria-label="Received packages">
          {loading
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="space-y-2.5 px-4 py-4">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="h-4 w-36" />
                </li>
              ))
            : rows.map((pkg) => {
                const selected = isSelected(pkg);
                return (
                  <li key={pkg.id} className={cn('flex gap-3 px-4 py-4', selected && 'bg-accent-soft/60')}>
                    <div className="pt-0.5">
                      <Checkbox checked={selected} label={`Select ${pkg.hopboxId}`} onChange={() => onToggle(pkg)} />
                    </div>
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                        <p className="font-semibold tracking-wide text-fg">{pkg.hopboxId}</p>
                        <p className="text-xs text-muted">
                          <time dateTime={pkg.receivedDate}>{formatShortDate(pkg.receivedDate)}</time>
                        </p>
                      </div>
                      <p className="mt-1 text-sm text-fg">
                        {pkg.packageContent}
                        <span className="text-muted"> · {pkg.shipper}</span>
                      </p>
                      <p className="mt-0.5 text-xs text-muted">From {pkg.origin}</p>
                      <div className="mt-2 -ml-2">
                        <RowActions pkg={pkg} {...actions} />
                      </div>
                    </div>
                  </li>
                );
              })}
        </ul>
      </div>
    </div>
  );
}

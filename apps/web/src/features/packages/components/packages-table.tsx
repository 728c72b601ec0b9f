import { messages } from '@hopbox/contracts/messages';
import { isProhibited } from '@hopbox/contracts/package-conditions';
import { requestOpenWords } from '@hopbox/contracts/package-request-marker';
import type { Package } from '@hopbox/contracts/packages';
import { Camera, Eye, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Column, DataTable, dateColumn, RowAction, type RowSelection } from '@/components/data-table';
import type { PaginationProps } from '@/components/pagination';
import { shipperContentColumns } from '@/components/parcel-columns';
import { ConditionBadge, PhotoRequestedBadge } from '@/components/status-badges';
import { DeclarationNeededBadge, RequestOpenBadge, StorageCountdown } from './package-markers';

export interface PackageRowActions {
  onView: (pkg: Package) => void;
  onEdit: (pkg: Package) => void;
  onRequestPhoto: (pkg: Package) => void;
}

/**
 * View, edit, and request photo, or the 'Photo Requested' badge once a request is open. A package with a service
 * request open (its 'Service requested' marker says so) is only viewed: the API refuses its edit and photo request.
 */
function RowActions({ pkg, onView, onEdit, onRequestPhoto }: PackageRowActions & { pkg: Package }) {
  return (
    <div className="flex items-center gap-1">
      <RowAction label={`View details of ${pkg.hopboxId}`} onClick={() => onView(pkg)}>
        <Eye className="size-4" aria-hidden="true" />
      </RowAction>
      {!pkg.requestOpen && (
        <RowAction label={`Edit ${pkg.hopboxId}`} onClick={() => onEdit(pkg)}>
          <Pencil className="size-4" aria-hidden="true" />
        </RowAction>
      )}
      {pkg.photoRequested ? (
        <PhotoRequestedBadge className="ml-1" />
      ) : (
        !pkg.requestOpen && (
          <RowAction label={`Request photo of ${pkg.hopboxId}`} onClick={() => onRequestPhoto(pkg)}>
            <Camera className="size-4" aria-hidden="true" />
          </RowAction>
        )
      )}
    </div>
  );
}

/**
 * The received date with the free storage left under it (they are read together: storage counts from the
 * date); on cards the date stands beside the title and the countdown under the origin.
 */
function receivedColumn(): Column<Package> {
  const date = dateColumn<Package>('received', 'Received Date', (p) => p.receivedDate);
  return {
    ...date,
    cell: (p) => (
      <div>
        {date.cell(p)}
        <div className="mt-1">
          <StorageCountdown storage={p.storage} />
        </div>
      </div>
    ),
    skeleton: 'h-9 w-24',
  };
}

/** On cards, under the origin: the storage countdown and, when the declaration is incomplete, its marker. */
function cardOrigin(p: Package) {
  return (
    <>
      <span className="block">From {p.origin}</span>
      <span className="mt-2 flex flex-wrap gap-1.5">
        <StorageCountdown storage={p.storage} />
        {!p.declarationComplete && <DeclarationNeededBadge />}
        {p.requestOpen && <RequestOpenBadge />}
      </span>
    </>
  );
}

function packageColumns(brandName: string, actions: PackageRowActions): Column<Package>[] {
  return [
    {
      id: 'id',
      header: `${brandName} ID`,
      cell: (p) => (
        <div>
          {p.hopboxId}
          {(!p.declarationComplete || p.requestOpen) && (
            <div className="mt-1 flex flex-col items-start gap-1 font-normal tracking-normal">
              {!p.declarationComplete && <DeclarationNeededBadge />}
              {p.requestOpen && <RequestOpenBadge />}
            </div>
          )}
        </div>
      ),
      cellClassName: 'font-semibold tracking-wide whitespace-nowrap',
      card: { slot: 'title', render: (p) => p.hopboxId },
    },
    ...shipperContentColumns<Package>(
      (p) => p.shipper,
      (p) => p.packageContent,
    ),
    receivedColumn(),
    {
      id: 'condition',
      header: 'Condition',
      cell: (p) => (
        <div>
          <ConditionBadge condition={p.shipmentStatus} />
          {isProhibited(p) && <p className="mt-1 text-xs text-muted">{messages.shipments.prohibitedShort}</p>}
        </div>
      ),
      skeleton: 'h-5 w-24',
      cellClassName: 'whitespace-nowrap',
      card: 'aside',
    },
    {
      id: 'origin',
      header: 'Origin',
      cell: (p) => p.origin,
      cellClassName: 'max-w-60 text-muted',
      card: { slot: 'line', render: cardOrigin, className: 'mt-0.5 text-xs text-muted' },
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (p) => <RowActions pkg={p} {...actions} />,
      skeleton: 'h-6 w-28',
      card: { slot: 'footer', render: (p) => <div className="-ml-2">{<RowActions pkg={p} {...actions} />}</div> },
    },
  ];
}

/** The Received Packages list: a table when its container is wide, stacked cards when it is narrow. */
export function PackagesTable({
  packages,
  brandName,
  selection,
  refreshing,
  empty,
  pager,
  ...actions
}: PackageRowActions & {
  /** The visible page, or undefined while the first page loads. */
  packages: Package[] | undefined;
  brandName: string;
  selection: Omit<RowSelection<Package>, 'rowLabel' | 'allLabel'>;
  refreshing: boolean;
  empty: ReactNode;
  pager?: PaginationProps;
}) {
  return (
    <DataTable
      label="Received packages"
      columns={packageColumns(brandName, actions)}
      rows={packages}
      cards
      minWidth="min-w-[52rem]"
      refreshing={refreshing}
      empty={empty}
      pager={pager}
      selection={{
        ...selection,
        rowLabel: (p) => `Select ${p.hopboxId}`,
        allLabel: 'Select all packages on this page',
        // Problem parcels are held: a prohibited item cannot go into a shipment (the API refuses it too), nor a
        // package the warehouse is working on (409 REQUEST_OPEN).
        unselectable: (p) => (isProhibited(p) ? messages.shipments.prohibitedRow : p.requestOpen ? requestOpenWords.cannotShip : null),
      }}
    />
  );
}

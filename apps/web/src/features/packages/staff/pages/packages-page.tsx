import type { StaffPackage } from '@hopbox/contracts/packages';
import { Boxes } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { CellLines, type Column, DataTable, openColumn } from '@/components/data-table';
import { ListSearch } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { ConditionBadge } from '@/components/status-badges';
import { useAppConfig } from '@/lib/app-config';
import { formatShortDate } from '@/lib/format';
import { serverPageTable } from '@/lib/server-page';
import { useListParams, useTypedParam } from '@/lib/use-list-params';
import { useStaffPackages } from '../api/get-staff-packages';
import { PackageDetailsModal } from '../components/package-details-modal';
import { ReceivePackageLink } from '../components/receive-package-link';

const NO_PACKAGES = { icon: Boxes, title: 'No packages yet', description: 'Packages appear here as soon as they are received.' };

/** /staff/packages: every locker's packages, searchable, each with its details and history. */
export default function StaffPackagesPage() {
  // The package ID is named after the brand, as the portal and the printed label name it.
  const idLabel = `${useAppConfig().brandName} ID`;
  const noMatch = { icon: Boxes, title: 'No packages match', description: `Try another ${idLabel}, tracking number, locker or name.` };
  const list = useListParams({ filters: { locker: '' } });
  const [locker, setLocker] = useTypedParam(list.filters.locker, (value) =>
    list.update({ filters: { locker: value.toUpperCase() } }, true),
  );
  const [open, setOpen] = useState<StaffPackage | null>(null);
  const { q, page, pageSize } = list;
  const packages = useStaffPackages({ page, pageSize, q, lockerNumber: list.filters.locker.toUpperCase() });
  const filtered = Boolean(q || list.filters.locker);

  const columns: Column<StaffPackage>[] = [
    {
      id: 'id',
      header: idLabel,
      cell: (pkg) => (
        <>
          <button
            type="button"
            onClick={() => setOpen(pkg)}
            title="Open the package's details"
            className="rounded font-mono text-sm font-medium whitespace-nowrap text-accent-fg hover:underline"
          >
            {pkg.hopboxId}
          </button>
          <span className="block max-w-44 truncate text-xs text-muted @6xl:hidden">
            <span className="@5xl:hidden">{pkg.packageContent} · </span>
            {pkg.shipper}
          </span>
        </>
      ),
    },
    { id: 'locker', header: 'Locker', showFrom: '@3xl', cellClassName: 'font-mono whitespace-nowrap', cell: (pkg) => pkg.lockerNumber },
    {
      id: 'customer',
      header: 'Customer',
      cell: (pkg) => <CellLines main={pkg.customerName} sub={pkg.customerEmail} truncate="max-w-52" mainClassName="font-medium" />,
    },
    { id: 'shipper', header: 'Shipper', showFrom: '@6xl', cellClassName: 'max-w-40 truncate', cell: (pkg) => pkg.shipper },
    { id: 'content', header: 'Content', showFrom: '@5xl', cellClassName: 'max-w-48 truncate', cell: (pkg) => pkg.packageContent },
    { id: 'origin', header: 'Origin', showFrom: '@5xl', cellClassName: 'max-w-36 truncate', cell: (pkg) => pkg.origin },
    {
      id: 'received',
      header: 'Received',
      showFrom: '@2xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (pkg) => formatShortDate(pkg.receivedDate),
    },
    { id: 'condition', header: 'Condition', cell: (pkg) => <ConditionBadge condition={pkg.shipmentStatus} /> },
    {
      id: 'inShipment',
      header: 'In shipment?',
      showFrom: '@3xl',
      cell: (pkg) => (pkg.shipmentId ? <Badge tone="blue">Yes</Badge> : <span className="text-muted">No</span>),
    },
    openColumn<StaffPackage>(setOpen, (pkg) => `Open package ${pkg.hopboxId}`, { showFrom: '@2xl' }),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Packages"
        title="Packages"
        description={`Every package in every locker. Search by ${idLabel}, tracking number, locker or customer.`}
        actions={<ReceivePackageLink />}
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:p-5">
          <ListSearch list={list} label="Search packages" placeholder={`${idLabel}, tracking, locker, name`} className="flex-1" />
          <SearchInput
            label="Filter by locker number"
            placeholder="Locker number"
            value={locker}
            onValueChange={setLocker}
            containerClassName="sm:w-48"
            className="uppercase placeholder:normal-case"
          />
        </div>
        <DataTable
          label="Packages"
          columns={columns}
          {...serverPageTable(packages, list, 'Packages')}
          emptyState={filtered ? noMatch : NO_PACKAGES}
        />
      </Card>
      {/* The dialog follows the list as it refetches (a move, a note). */}
      <PackageDetailsModal pkg={open ? (packages.data?.data.find((p) => p.id === open.id) ?? open) : null} onClose={() => setOpen(null)} />
    </>
  );
}

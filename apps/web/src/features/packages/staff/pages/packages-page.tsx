import { PAGE_SIZE } from '@hopbox/contracts/constants';
import type { StaffPackage } from '@hopbox/contracts/packages';
import { Boxes, PackagePlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { DataTable, tdClasses, thClasses } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { EmptyRows, RowsSkeleton } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { conditionTone } from '@/components/status-badges';
import { errorMessage } from '@/lib/api-errors';
import { formatShortDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStaffPackages } from '../api/get-staff-packages';
import { PackageDetailsModal } from '../components/package-details-modal';

/** /staff/packages: every locker's packages, searchable, each with its details and history. */
export default function StaffPackagesPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [locker, setLocker] = useState(params.get('locker') ?? '');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  const [open, setOpen] = useState<StaffPackage | null>(null);
  const query = useDebouncedValue(q.trim());
  const lockerNumber = useDebouncedValue(locker.trim().toUpperCase());

  const packages = useStaffPackages({ page, pageSize, q: query, lockerNumber });
  const rows = packages.data?.data ?? [];
  const total = packages.data?.total ?? 0;

  const update = (next: { q?: string; locker?: string }) => {
    setPage(1);
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };

  const filtered = Boolean(query || lockerNumber);

  return (
    <>
      <PageHeader
        tabTitle="Packages"
        title="Packages"
        description="Every package in every locker. Search by Hopbox ID, tracking number, locker or customer."
        actions={
          <Link to="/staff/receive" className={buttonClasses('primary')}>
            <PackagePlus className="size-4" aria-hidden="true" />
            Receive a package
          </Link>
        }
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:p-5">
          <SearchInput
            label="Search packages"
            placeholder="Hopbox ID, tracking, locker, name"
            value={q}
            onValueChange={(value) => {
              setQ(value);
              update({ q: value.trim() });
            }}
            containerClassName="flex-1"
          />
          <SearchInput
            label="Filter by locker number"
            placeholder="Locker number"
            value={locker}
            onValueChange={(value) => {
              setLocker(value);
              update({ locker: value.trim().toUpperCase() });
            }}
            containerClassName="sm:w-48"
            className="uppercase placeholder:normal-case"
          />
        </div>
        {packages.isPending ? (
          <RowsSkeleton />
        ) : packages.isError && !packages.data ? (
          <div className="p-5">
            <LoadError message={errorMessage(packages.error)} onRetry={() => packages.refetch()} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyRows
            icon={Boxes}
            title={filtered ? 'No packages match' : 'No packages yet'}
            description={
              filtered ? 'Try another Hopbox ID, tracking number, locker or name.' : 'Packages appear here as soon as they are received.'
            }
          />
        ) : (
          <>
            <DataTable label="Packages" aria-busy={packages.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Hopbox ID
                  </th>
                  <th scope="col" className={`${thClasses} hidden @3xl:table-cell`}>
                    Locker
                  </th>
                  <th scope="col" className={thClasses}>
                    Customer
                  </th>
                  <th scope="col" className={`${thClasses} hidden @6xl:table-cell`}>
                    Shipper
                  </th>
                  <th scope="col" className={`${thClasses} hidden @5xl:table-cell`}>
                    Content
                  </th>
                  <th scope="col" className={`${thClasses} hidden @5xl:table-cell`}>
                    Origin
                  </th>
                  <th scope="col" className={`${thClasses} hidden @2xl:table-cell`}>
                    Received
                  </th>
                  <th scope="col" className={thClasses}>
                    Condition
                  </th>
                  <th scope="col" className={`${thClasses} hidden @3xl:table-cell`}>
                    In shipment?
                  </th>
                  <th scope="col" className={`${thClasses} hidden @2xl:table-cell`}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((pkg) => (
                  <tr key={pkg.id} className="hover:bg-subtle/50">
                    <td className={tdClasses}>
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
                    </td>
                    <td className={`${tdClasses} hidden font-mono whitespace-nowrap @3xl:table-cell`}>{pkg.lockerNumber}</td>
                    <td className={tdClasses}>
                      <span className="block max-w-52 truncate font-medium">{pkg.customerName}</span>
                      <span className="block max-w-52 truncate text-xs text-muted">{pkg.customerEmail}</span>
                    </td>
                    <td className={`${tdClasses} hidden max-w-40 truncate @6xl:table-cell`}>{pkg.shipper}</td>
                    <td className={`${tdClasses} hidden max-w-48 truncate @5xl:table-cell`}>{pkg.packageContent}</td>
                    <td className={`${tdClasses} hidden max-w-36 truncate @5xl:table-cell`}>{pkg.origin}</td>
                    <td className={`${tdClasses} hidden whitespace-nowrap tabular-nums @2xl:table-cell`}>
                      {formatShortDate(pkg.receivedDate)}
                    </td>
                    <td className={tdClasses}>
                      <Badge tone={conditionTone(pkg.shipmentStatus)}>{pkg.shipmentStatus}</Badge>
                    </td>
                    <td className={`${tdClasses} hidden @3xl:table-cell`}>
                      {pkg.shipmentId ? <Badge tone="blue">Yes</Badge> : <span className="text-muted">No</span>}
                    </td>
                    <td className={`${tdClasses} hidden text-right @2xl:table-cell`}>
                      <button
                        type="button"
                        onClick={() => setOpen(pkg)}
                        aria-label={`Open package ${pkg.hopboxId}`}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pagination
              label="Packages"
              page={page}
              pageSize={pageSize}
              total={total}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              className="px-4 py-3 sm:px-5"
            />
          </>
        )}
      </Card>
      <PackageDetailsModal pkg={open} onClose={() => setOpen(null)} />
    </>
  );
}

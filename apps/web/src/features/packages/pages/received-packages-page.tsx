import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { useQueryClient } from '@tanstack/react-query';
import { PackageOpen, PackagePlus, SearchX } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { useAppConfig } from '@/lib/app-config';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMediaQuery } from '@/lib/use-media-query';
import { packagesQueryKey, useReceivedPackages } from '../api/get-received-packages';
import { EditPackageModal } from '../components/edit-package-modal';
import { PackageDetailsModal } from '../components/package-details-modal';
import { PackagesTable } from '../components/packages-table';
import { RequestPhotoModal } from '../components/request-photo-modal';

type Selection = ReadonlyMap<number, Package>;

/** /received-packages: the locker, searchable and paged on the server, with selection for a new shipment. */
/** What the page needs from the new-shipment wizard, which the route (app/routes) plugs in. */
export interface ShipmentWizardProps {
  isOpen: boolean;
  onClose: () => void;
  selectedPackages: Package[];
  onCreated: () => void;
}

export default function ReceivedPackagesPage({
  shipmentWizard: CreateShipmentWizard,
}: {
  shipmentWizard: ComponentType<ShipmentWizardProps>;
}) {
  const { brandName } = useAppConfig();
  const wide = useMediaQuery('(min-width: 640px)');
  const queryClient = useQueryClient();

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);

  // Selection survives paging and searching; it holds the package objects the wizard needs.
  const [selection, setSelection] = useState<Selection>(new Map());
  const [viewing, setViewing] = useState<Package | null>(null);
  const [editing, setEditing] = useState<Package | null>(null);
  const [requesting, setRequesting] = useState<Package | null>(null);
  // What the wizard was opened with, so clearing the selection on success does not empty it mid-flow.
  const [wizardPackages, setWizardPackages] = useState<Package[] | null>(null);

  // A new search starts at its first page (adjusted while rendering, so the old page is never fetched for it).
  const [pageQuery, setPageQuery] = useState(q);
  if (pageQuery !== q) {
    setPageQuery(q);
    setPage(1);
  }
  const list = useReceivedPackages({ page, pageSize, q });

  const data = list.data;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  // Packages can leave the locker (into a shipment): never stay on a page past the end.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, list.isPlaceholderData, page, pageCount]);

  // Keep selected packages up to date with what the server just sent (e.g. after an edit).
  useEffect(() => {
    if (!data) return;
    setSelection((current) => {
      if (!data.data.some((p) => current.has(p.id) && current.get(p.id) !== p)) return current;
      const next = new Map(current);
      for (const p of data.data) if (next.has(p.id)) next.set(p.id, p);
      return next;
    });
  }, [data]);

  const visible = data?.data;
  const toggle = (pkg: Package) =>
    setSelection((current) => {
      const next = new Map(current);
      if (next.has(pkg.id)) next.delete(pkg.id);
      else next.set(pkg.id, pkg);
      return next;
    });
  const toggleAll = () =>
    setSelection((current) => {
      const rows = visible ?? [];
      const next = new Map(current);
      const all = rows.length > 0 && rows.every((p) => current.has(p.id));
      for (const p of rows) {
        if (all) next.delete(p.id);
        else next.set(p.id, p);
      }
      return next;
    });
  const clearSelection = () => setSelection(new Map());
  const selectedCount = selection.size;

  const lockerEmpty = data !== undefined && !list.isPlaceholderData && total === 0 && q === '' && search.trim() === '';
  const noMatches = data !== undefined && !list.isPlaceholderData && total === 0 && !lockerEmpty;
  // SPEC.md: the pager shows only when there is more than one page (of the default 10).
  const showPager = total > PAGE_SIZE;

  return (
    <>
      <PageHeader
        tabTitle="Received Packages"
        title="Received Packages"
        description="Packages waiting in your locker. Select the ones to send together and create a shipment."
        actions={
          <Button
            onClick={() => setWizardPackages([...selection.values()])}
            disabled={selectedCount === 0}
            aria-describedby="new-shipment-hint"
          >
            <PackagePlus className="size-4" aria-hidden="true" />
            New Shipment ({selectedCount})
          </Button>
        }
      />
      <p id="new-shipment-hint" className="sr-only">
        Select one or more packages to create a shipment.
      </p>

      {lockerEmpty ? (
        <EmptyState
          icon={PackageOpen}
          title="No packages in your locker yet"
          description="When a package reaches one of our warehouses, it shows up here with its details, ready to inspect and ship."
          action={
            <Link to="/dashboard" className={buttonClasses('secondary')}>
              See your locker addresses
            </Link>
          }
        />
      ) : (
        <Card className="@container overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
            <SearchInput
              value={search}
              onValueChange={setSearch}
              label="Search packages"
              placeholder={wide ? 'Search by ID, shipper, content, origin or tracking number' : 'Search ID, shipper, content...'}
              containerClassName="w-full sm:max-w-md"
            />
            <div className="flex min-h-8 items-center gap-2 text-sm" aria-live="polite">
              {selectedCount > 0 ? (
                <>
                  <span className="font-medium text-fg">
                    {selectedCount} {selectedCount === 1 ? 'package' : 'packages'} selected
                  </span>
                  <Button variant="ghost" size="sm" onClick={clearSelection}>
                    Clear selection
                  </Button>
                </>
              ) : (
                data && <span className="text-muted">{total === 1 ? '1 package' : `${total} packages`}</span>
              )}
            </div>
          </div>

          {list.isError && !data ? (
            <div className="p-4 sm:p-5">
              <LoadError message={messages.packages.fetchFailed} onRetry={() => list.refetch()} />
            </div>
          ) : noMatches ? (
            <div className="flex flex-col items-center px-6 py-14 text-center">
              <span className="flex size-11 items-center justify-center rounded-full bg-subtle text-muted">
                <SearchX className="size-5" aria-hidden="true" />
              </span>
              <p className="mt-3 text-sm font-semibold text-fg">No packages match your search</p>
              <p className="mt-1 text-sm text-muted">Try another ID, shipper, content, origin or tracking number.</p>
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => setSearch('')}>
                Clear search
              </Button>
            </div>
          ) : (
            <>
              {list.isError && (
                <div className="px-4 pt-4 sm:px-5">
                  <Alert tone="error">{messages.packages.fetchFailed}</Alert>
                </div>
              )}
              <PackagesTable
                packages={visible}
                brandName={brandName}
                isSelected={(pkg) => selection.has(pkg.id)}
                onToggle={toggle}
                onToggleAll={toggleAll}
                refreshing={list.isPlaceholderData}
                onView={setViewing}
                onEdit={setEditing}
                onRequestPhoto={setRequesting}
              />
            </>
          )}

          {showPager && !noMatches && (
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
              className="border-t border-line px-4 py-3 sm:px-5"
            />
          )}
        </Card>
      )}

      <PackageDetailsModal
        pkg={viewing}
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        onEdit={(pkg) => {
          setViewing(null);
          setEditing(pkg);
        }}
        onRequestPhoto={(pkg) => {
          setViewing(null);
          setRequesting(pkg);
        }}
      />
      <EditPackageModal pkg={editing} isOpen={editing !== null} onClose={() => setEditing(null)} />
      <RequestPhotoModal pkg={requesting} isOpen={requesting !== null} onClose={() => setRequesting(null)} />
      <CreateShipmentWizard
        isOpen={wizardPackages !== null}
        onClose={() => setWizardPackages(null)}
        selectedPackages={wizardPackages ?? []}
        onCreated={() => {
          clearSelection();
          void queryClient.invalidateQueries({ queryKey: packagesQueryKey });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
    </>
  );
}

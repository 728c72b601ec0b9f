import { messages } from '@hopbox/contracts/messages';
import { PAYMENT_CANCELLED_NOTICE } from '@hopbox/contracts/money';
import { packageTotals } from '@hopbox/contracts/package-totals';
import type { Package } from '@hopbox/contracts/packages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageOpen, PackagePlus, SearchX } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BottomBar } from '@/components/bottom-bar';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListStates, RowsSkeleton } from '@/components/list-states';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatWeight } from '@/lib/format';
import { toast } from '@/lib/toast';
import { portalPager, useClampPage, useListParams } from '@/lib/use-list-params';
import { packagesQueryKey, receivedPackagesQuery, useReceivedPackages } from '../api/get-received-packages';
import { ArrivalPanel, ArrivalViewSwitch, useArrivalView } from '../components/arrival-views';
import { PackagesTable } from '../components/packages-table';

// The details too load when first opened: the page's own code stays within its budget with the Expected and
// Unclaimed views' switch (scripts/bundle-budget.mjs).
const PackageDetailsModal = lazyDialog(async () => (await import('../components/package-details-modal')).PackageDetailsModal);
const EditPackageModal = lazyDialog(async () => (await import('../components/edit-package-modal')).EditPackageModal);
const RequestPhotoModal = lazyDialog(async () => (await import('../components/request-photo-modal')).RequestPhotoModal);

/** What the page needs from the new-shipment wizard, which the route (app/routes) plugs in. */
export interface ShipmentWizardProps {
  isOpen: boolean;
  onClose: () => void;
  selectedPackages: Package[];
  onCreated: () => void;
  /** Step 1's "Complete declaration for HBX…": the wizard closes and the package's declaration form opens. */
  onCompleteDeclaration: (pkg: Package) => void;
}

/** /received-packages: the locker, searchable and paged on the server, with selection for a new shipment. */
export default function ReceivedPackagesPage({
  shipmentWizard: CreateShipmentWizard,
  services,
}: {
  shipmentWizard: ComponentType<ShipmentWizardProps>;
  /** Package Details' services (the package requests feature's section), which the route plugs in. */
  services?: ComponentType<{ pkg: Package }>;
}) {
  const { brandName } = useAppConfig();
  const queryClient = useQueryClient();
  // The locker (the default), the parcels announced on their way, or the parcels nobody claimed.
  const view = useArrivalView();
  const arrivals = view !== 'locker';

  const list = useListParams();
  const { q, page, pageSize } = list;

  // Selection survives paging and searching; it holds the package objects the wizard needs.
  const [selection, setSelection] = useState<ReadonlyMap<string, Package>>(new Map());
  const [viewing, setViewing] = useState<Package | null>(null);
  // The details were opened to complete the customs declaration: its form comes into view.
  const [declaring, setDeclaring] = useState(false);
  const [editing, setEditing] = useState<Package | null>(null);
  const [requesting, setRequesting] = useState<Package | null>(null);
  // What the wizard was opened with, so clearing the selection on success does not empty it mid-flow.
  const [wizardPackages, setWizardPackages] = useState<Package[] | null>(null);

  const packages = useReceivedPackages({ page, pageSize, q });
  const data = packages.data;
  const total = data?.total ?? 0;
  // Packages can leave the locker (into a shipment): never stay on a page past the end.
  useClampPage(list, data && !packages.isPlaceholderData ? total : undefined);

  // Keep selected packages up to date with what the server just sent (e.g. after an edit).
  useEffect(() => {
    if (!data) return;
    setSelection((current) => {
      if (!data.data.some((p) => current.has(String(p.id)) && current.get(String(p.id)) !== p)) return current;
      const next = new Map(current);
      for (const p of data.data) if (next.has(String(p.id))) next.set(String(p.id), p);
      return next;
    });
  }, [data]);

  // The details show the package as the server last sent it (a saved declaration changes its value).
  const shown = (viewing && data?.data.find((p) => p.id === viewing.id)) ?? viewing;
  const openDetails = (pkg: Package) => {
    setViewing(pkg);
    setDeclaring(false);
  };
  const openDeclaration = (pkg: Package) => {
    setViewing(pkg);
    setDeclaring(true);
  };
  useLinkParams((pkg, declare) => (declare ? openDeclaration(pkg) : openDetails(pkg)));

  const clearSelection = () => setSelection(new Map());
  const selectedCount = selection.size;
  const openWizard = () => setWizardPackages([...selection.values()]);

  const lockerEmpty = data !== undefined && !packages.isPlaceholderData && total === 0 && q === '' && list.search.trim() === '';

  return (
    <>
      <PageHeader
        tabTitle="Received Packages"
        title="Received Packages"
        description="Packages waiting in your locker. Select the ones to send together and create a shipment."
        actions={
          !arrivals && (
            <Button
              onClick={openWizard}
              disabled={selectedCount === 0}
              aria-describedby="new-shipment-hint"
              // On phones the bottom bar carries the action once something is selected.
              className={cn(selectedCount > 0 && 'max-md:hidden')}
            >
              <PackagePlus className="size-4" aria-hidden="true" />
              New Shipment ({selectedCount})
            </Button>
          )
        }
      />
      <p id="new-shipment-hint" className="sr-only">
        Select one or more packages to create a shipment.
      </p>

      <ArrivalViewSwitch view={view} />

      {view !== 'locker' ? (
        <Suspense fallback={<RowsSkeleton rows={3} />}>
          <ArrivalPanel view={view} onView={openDetails} />
        </Suspense>
      ) : lockerEmpty ? (
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
        <Card className="overflow-hidden">
          <ListToolbar
            list={list}
            label="Search packages"
            placeholder="Search by ID, shipper, content, origin or tracking number"
            shortPlaceholder="Search ID, shipper, content..."
            searchClassName="sm:max-w-md"
          >
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
          </ListToolbar>

          <ListStates
            query={packages}
            isEmpty={false}
            empty={{ icon: PackageOpen, title: '' }}
            errorText={messages.packages.fetchFailed}
            loading={null}
            inCard
          >
            <PackagesTable
              packages={data?.data}
              brandName={brandName}
              selection={{ selected: selection, onChange: setSelection }}
              refreshing={packages.isPlaceholderData}
              onView={openDetails}
              onEdit={setEditing}
              onRequestPhoto={setRequesting}
              empty={
                <EmptyState
                  variant="search"
                  icon={SearchX}
                  title="No packages match your search"
                  description="Try another ID, shipper, content, origin or tracking number."
                  action={
                    <Button variant="secondary" size="sm" onClick={() => list.setSearch('')}>
                      Clear search
                    </Button>
                  }
                />
              }
              pager={portalPager(list, 'Packages', page, total)}
            />
          </ListStates>
        </Card>
      )}

      {selectedCount > 0 && !arrivals && <SelectionBar packages={[...selection.values()]} onNewShipment={openWizard} />}

      <PackageDetailsModal
        pkg={shown}
        services={services}
        isOpen={viewing !== null}
        declare={declaring}
        onClose={() => {
          setViewing(null);
          setDeclaring(false);
        }}
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
        onCompleteDeclaration={(pkg) => {
          setWizardPackages(null);
          openDeclaration(pkg);
        }}
        onCreated={() => {
          clearSelection();
          void queryClient.invalidateQueries({ queryKey: packagesQueryKey });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
    </>
  );
}

/**
 * `?declare=HBX…` opens that package's details at its customs declaration (a link from elsewhere in the
 * portal), `?package=HBX…` opens its details (a request fee's payment leads back to it); `?payment=cancelled` (the payment page's "Cancel and go back") says the payment was cancelled (decision
 * 056). Each parameter is then dropped, so closing the details or a reload does not do it again.
 */
function useLinkParams(open: (pkg: Package, declare: boolean) => void) {
  const [params, setParams] = useSearchParams();
  const opener = useRef(open);
  opener.current = open;
  const declare = params.has('declare');
  const hopboxId = (params.get('declare') ?? params.get('package'))?.trim().toUpperCase() ?? '';
  const cancelled = params.get('payment') === 'cancelled';
  const found = useQuery({ ...receivedPackagesQuery({ page: 1, pageSize: 10, q: hopboxId }), enabled: hopboxId !== '' });
  const pkg = found.data?.data.find((p) => p.hopboxId === hopboxId);
  const settled = (hopboxId !== '' && (pkg !== undefined || found.isFetched)) || cancelled;
  useEffect(() => {
    if (!settled) return;
    if (pkg) opener.current(pkg, declare);
    if (cancelled) toast(PAYMENT_CANCELLED_NOTICE);
    setParams(
      (current) => {
        current.delete('declare');
        current.delete('package');
        current.delete('payment');
        return current;
      },
      { replace: true },
    );
  }, [settled, pkg, declare, cancelled, setParams]);
}

/** Phones: the selection's count and total weight, with New Shipment, always in reach at the bottom. */
function SelectionBar({ packages, onNewShipment }: { packages: Package[]; onNewShipment: () => void }) {
  return (
    <BottomBar label="Selection">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="font-semibold text-fg">{packages.length} selected</span>
          <span className="text-muted"> · {formatWeight(packageTotals(packages).weight)}</span>
        </p>
        <Button onClick={onNewShipment} size="lg">
          <PackagePlus className="size-4" aria-hidden="true" />
          New Shipment
        </Button>
      </div>
    </BottomBar>
  );
}

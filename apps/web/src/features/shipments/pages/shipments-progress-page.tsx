import { messages } from '@hopbox/contracts/messages';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { PackageCheck, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { Skeleton } from '@/components/skeleton';
import { ConsolidationStatusBadge, ReadyBadge } from '@/components/status-badges';
import { formatShortDate, formatWeight, packageIdsOf } from '@/lib/format';
import { useConsolidatedShipments } from '../api/get-consolidated-shipments';
import { FinishShipmentModal } from '../components/finish-shipment-modal';
import { Field, PackageIdList, TableRegion, Td, Th } from '../components/table-parts';
import { useTableView } from '../use-table-view';

const searchText = (s: ConsolidatedShipment) =>
  [
    s.shipment_id,
    s.locker_number,
    s.customer_name,
    packageIdsOf(s.package_ids).join(' '),
    s.origin,
    s.destination,
    s.consolidation_status,
    s.ready_to_ship ? 'ready yes' : 'not ready no',
  ].join(' ');

const checkboxClass = 'size-4 rounded border-line-strong accent-[var(--accent)]';

/** /shipments-progress: consolidations being prepared; pick one that is ready and pay to finish it. */
export default function ShipmentsProgressPage() {
  const shipments = useConsolidatedShipments();
  const view = useTableView(shipments.data, searchText);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [finishingId, setFinishingId] = useState<number | null>(null);
  const selected = shipments.data?.find((s) => s.id === selectedId) ?? null;
  // The modal shows the row as last fetched, so Recalculate (a refetch) updates its amount.
  const finishing = shipments.data?.find((s) => s.id === finishingId) ?? null;

  useEffect(() => {
    if (shipments.isError) toast.error(messages.shipments.consolidatedFetchFailed, { id: 'consolidated-fetch-failed' });
  }, [shipments.isError]);

  // SPEC.md: only one row can be selected; ticking another replaces it.
  const toggle = (id: number, checked: boolean) => setSelectedId(checked ? id : null);

  const finish = () => {
    if (!selected) return void toast.error(messages.shipments.selectShipment);
    if (!selected.ready_to_ship) return void toast.error(messages.shipments.notReady);
    setFinishingId(selected.id);
  };

  const finishButton = (
    <Button onClick={finish} disabled={!selected}>
      <PackageCheck className="size-4" aria-hidden="true" />
      Finish Shipment
    </Button>
  );

  const all = shipments.data ?? [];

  return (
    <>
      <PageHeader
        tabTitle="Shipments Progress"
        title="Shipments Progress"
        description="Consolidated shipments we are preparing for you. When one is ready to ship, select it and finish it by paying."
        actions={all.length > 0 ? finishButton : undefined}
      />

      {shipments.isError && (
        <LoadError message={messages.shipments.consolidatedFetchFailed} onRetry={() => shipments.refetch()} className="mb-4" />
      )}

      {shipments.isPending && (
        <Card className="space-y-3 p-5" aria-busy="true" aria-label="Loading shipments">
          <Skeleton className="h-10 w-full max-w-sm" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      )}

      {shipments.isSuccess && all.length === 0 && (
        <EmptyState
          icon={Truck}
          title="You have no shipments in progress."
          description="When you combine packages into one shipment, it is listed here while we prepare it, until you finish and pay for it."
          action={
            <Link to="/received-packages" className={buttonClasses('secondary')}>
              Go to Received Packages
            </Link>
          }
        />
      )}

      {all.length > 0 && (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
            <SearchInput
              label="Search shipments"
              placeholder="Search by shipment, package, origin..."
              value={view.query}
              onValueChange={view.setQuery}
              containerClassName="w-full sm:max-w-xs"
            />
            <p className="text-sm text-muted" aria-live="polite">
              {selected ? (
                <>
                  Selected: <span className="font-medium text-fg">{selected.shipment_id}</span>
                </>
              ) : (
                'Select a shipment that is ready to ship to finish it.'
              )}
            </p>
          </div>

          {view.total === 0 ? (
            <p className="px-5 py-12 text-center text-sm text-muted">No shipments match your search.</p>
          ) : (
            <>
              <TableRegion label="Consolidated shipments" className="hidden md:block">
                <table className="w-full divide-y divide-line">
                  <thead className="bg-subtle/60">
                    <tr>
                      <Th className="w-10">
                        <span className="sr-only">Select</span>
                      </Th>
                      <Th>Shipment ID</Th>
                      <Th>Locker</Th>
                      <Th>Customer</Th>
                      <Th>Shipments</Th>
                      <Th className="text-right">Total Weight</Th>
                      <Th>Origin</Th>
                      <Th>Ready to Ship</Th>
                      <Th>Consolidation Status</Th>
                      <Th>Created Date</Th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {view.rows.map((s) => {
                      const checked = s.id === selectedId;
                      return (
                        <tr key={s.id} className={checked ? 'bg-accent-soft/50' : 'hover:bg-subtle/50'}>
                          <Td>
                            <input
                              type="checkbox"
                              className={checkboxClass}
                              checked={checked}
                              onChange={(event) => toggle(s.id, event.target.checked)}
                              aria-label={`Select ${s.shipment_id}`}
                            />
                          </Td>
                          <Td className="font-medium">{s.shipment_id}</Td>
                          <Td>{s.locker_number}</Td>
                          <Td wrap>{s.customer_name}</Td>
                          <Td wrap>
                            <PackageIdList ids={packageIdsOf(s.package_ids)} />
                          </Td>
                          <Td className="text-right tabular-nums">{formatWeight(s.total_weight)}</Td>
                          <Td wrap>{s.origin}</Td>
                          <Td>
                            <ReadyBadge ready={s.ready_to_ship} />
                          </Td>
                          <Td>
                            <ConsolidationStatusBadge status={s.consolidation_status} />
                          </Td>
                          <Td>{formatShortDate(s.created_at)}</Td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableRegion>

              <ul className="divide-y divide-line md:hidden" aria-label="Consolidated shipments">
                {view.rows.map((s) => {
                  const checked = s.id === selectedId;
                  return (
                    <li key={s.id} className={checked ? 'bg-accent-soft/50' : undefined}>
                      <div className="flex items-start gap-3 px-4 py-4">
                        <input
                          type="checkbox"
                          className={`${checkboxClass} mt-1`}
                          checked={checked}
                          onChange={(event) => toggle(s.id, event.target.checked)}
                          aria-label={`Select ${s.shipment_id}`}
                        />
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-center justify-between gap-2">
                            <span className="font-medium text-fg">{s.shipment_id}</span>
                            <ConsolidationStatusBadge status={s.consolidation_status} />
                          </div>
                          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
                            <Field label="Shipments" className="col-span-2">
                              <PackageIdList ids={packageIdsOf(s.package_ids)} />
                            </Field>
                            <Field label="Total Weight">{formatWeight(s.total_weight)}</Field>
                            <Field label="Origin">{s.origin}</Field>
                            <Field label="Ready to Ship">
                              <ReadyBadge ready={s.ready_to_ship} />
                            </Field>
                            <Field label="Created Date">{formatShortDate(s.created_at)}</Field>
                            <Field label="Locker">{s.locker_number}</Field>
                            <Field label="Customer">{s.customer_name}</Field>
                          </dl>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}

          {view.pageCount > 1 && (
            <div className="border-t border-line px-4 py-3 sm:px-5">
              <Pagination label="Shipments" page={view.page} pageSize={view.pageSize} total={view.total} onPageChange={view.setPage} />
            </div>
          )}
        </Card>
      )}

      <FinishShipmentModal
        shipment={finishing}
        onClose={() => setFinishingId(null)}
        onRecalculate={() => shipments.refetch()}
        recalculating={shipments.isRefetching}
      />
    </>
  );
}

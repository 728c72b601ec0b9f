import { messages } from '@hopbox/contracts/messages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { Eye, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { Skeleton } from '@/components/skeleton';
import { ShipmentStatusBadge } from '@/components/status-badges';
import { formatShortDate, formatWeight, packageIdsOf } from '@/lib/format';
import { useSentShipments } from '../api/get-sent-shipments';
import { SentShipmentDetailsModal } from '../components/sent-shipment-details-modal';
import { Field, PackageIdList, TableRegion, Td, Th } from '../components/table-parts';
import { useTableView } from '../use-table-view';

const searchText = (s: SentShipment) =>
  [
    s.shipmentId,
    s.lockerNumber,
    s.customerName,
    packageIdsOf(s.packageIds).join(' '),
    s.awb ?? '',
    s.hostCode ?? '',
    s.shipmentStatus,
    s.origin,
    s.destination,
  ].join(' ');

/** /sent-shipment: paid shipments and where they are, with a details modal. */
export default function SentShipmentPage() {
  const shipments = useSentShipments();
  const view = useTableView(shipments.data, searchText);
  const [viewing, setViewing] = useState<SentShipment | null>(null);
  const all = shipments.data ?? [];

  useEffect(() => {
    if (shipments.isError) toast.error(messages.shipments.sentFetchFailed, { id: 'sent-fetch-failed' });
  }, [shipments.isError]);

  const viewButton = (s: SentShipment, className?: string) => (
    <Button variant="secondary" size="sm" onClick={() => setViewing(s)} aria-label={`View ${s.shipmentId}`} className={className}>
      <Eye className="size-3.5" aria-hidden="true" />
      View
    </Button>
  );

  return (
    <>
      <PageHeader tabTitle="Sent Shipments" title="Sent Shipments" description="Shipments you have paid for, from dispatch to delivery." />

      {shipments.isError && <LoadError message={messages.shipments.sentFetchFailed} onRetry={() => shipments.refetch()} className="mb-4" />}

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
          icon={Send}
          title="You have not sent any shipments yet."
          description="Once a shipment is paid for, it appears here with its AWB number and status."
        />
      )}

      {all.length > 0 && (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
            <SearchInput
              label="Search shipments"
              placeholder="Search by shipment, package, AWB..."
              value={view.query}
              onValueChange={view.setQuery}
              containerClassName="w-full sm:max-w-xs"
            />
            <p className="text-sm text-muted">
              {all.length} {all.length === 1 ? 'shipment' : 'shipments'}
            </p>
          </div>

          {view.total === 0 ? (
            <p className="px-5 py-12 text-center text-sm text-muted">No shipments match your search.</p>
          ) : (
            <>
              <TableRegion label="Sent shipments" className="hidden md:block">
                <table className="w-full divide-y divide-line">
                  <thead className="bg-subtle/60">
                    <tr>
                      <Th>Shipment ID</Th>
                      <Th>Locker</Th>
                      <Th>Customer</Th>
                      <Th>Shipments</Th>
                      <Th className="text-right">Total Weight</Th>
                      <Th>AWB</Th>
                      <Th>Order Date</Th>
                      <Th>Host Code</Th>
                      <Th>Status</Th>
                      <Th>
                        <span className="sr-only">View</span>
                      </Th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {view.rows.map((s) => (
                      <tr key={s.id} className="hover:bg-subtle/50">
                        <Td className="font-medium">{s.shipmentId}</Td>
                        <Td>{s.lockerNumber || 'N/A'}</Td>
                        <Td wrap>{s.customerName}</Td>
                        <Td wrap>
                          <PackageIdList ids={packageIdsOf(s.packageIds)} />
                        </Td>
                        <Td className="text-right tabular-nums">{formatWeight(s.totalWeight)}</Td>
                        <Td className={s.awb ? 'font-mono text-xs' : 'text-muted'}>
                          {s.awb || (
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="sr-only">Not assigned</span>
                            </>
                          )}
                        </Td>
                        <Td>{formatShortDate(s.orderDate)}</Td>
                        <Td>{s.hostCode || 'N/A'}</Td>
                        <Td>
                          <ShipmentStatusBadge status={s.shipmentStatus} />
                        </Td>
                        <Td className="text-right">{viewButton(s)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>

              <ul className="divide-y divide-line md:hidden" aria-label="Sent shipments">
                {view.rows.map((s) => (
                  <li key={s.id} className="px-4 py-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-fg">{s.shipmentId}</span>
                      <ShipmentStatusBadge status={s.shipmentStatus} />
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
                      <Field label="Shipments" className="col-span-2">
                        <PackageIdList ids={packageIdsOf(s.packageIds)} />
                      </Field>
                      <Field label="Total Weight">{formatWeight(s.totalWeight)}</Field>
                      <Field label="AWB">{s.awb || 'Not assigned'}</Field>
                      <Field label="Order Date">{formatShortDate(s.orderDate)}</Field>
                      <Field label="Host Code">{s.hostCode || 'N/A'}</Field>
                      <Field label="Locker">{s.lockerNumber || 'N/A'}</Field>
                      <Field label="Customer">{s.customerName}</Field>
                    </dl>
                    {viewButton(s, 'mt-3 w-full')}
                  </li>
                ))}
              </ul>
            </>
          )}

          {view.pageCount > 1 && (
            <div className="border-t border-line px-4 py-3 sm:px-5">
              <Pagination label="Sent shipments" page={view.page} pageSize={view.pageSize} total={view.total} onPageChange={view.setPage} />
            </div>
          )}
        </Card>
      )}

      <SentShipmentDetailsModal shipment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Ban, Download, Eye, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Column, DataTable, dateColumn, RowAction } from '@/components/data-table';
import type { PaginationProps } from '@/components/pagination';
import { shipperContentColumns } from '@/components/parcel-columns';
import { cn } from '@/lib/cn';
import { PriorityBadge, StatusBadge } from './photo-request-badges';

export interface PhotoRequestRowActions {
  onView: (request: PhotoRequest) => void;
  onCancel: (request: PhotoRequest) => void;
  onDownload: (request: PhotoRequest) => void;
  /** The id of the request whose photo is downloading. */
  downloading: number | null;
}

/** View; download once photos exist (or the request is completed); cancel while pending. */
function RowActions({
  request,
  onView,
  onCancel,
  onDownload,
  downloading,
  align = 'end',
}: PhotoRequestRowActions & { request: PhotoRequest; align?: 'start' | 'end' }) {
  const canDownload = request.status === 'COMPLETED' || request.attachmentCount > 0;
  const busy = downloading === request.id;
  return (
    <div className={cn('flex items-center gap-1', align === 'end' ? 'justify-end' : 'justify-start')}>
      <RowAction label={`View details of ${request.shipmentId} photo request`} onClick={() => onView(request)}>
        <Eye className="size-4" aria-hidden="true" />
      </RowAction>
      {canDownload && (
        <RowAction label={`Download image of ${request.shipmentId}`} onClick={() => onDownload(request)} disabled={busy}>
          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
        </RowAction>
      )}
      {request.status === 'PENDING' && (
        <RowAction label={`Cancel photo request for ${request.shipmentId}`} onClick={() => onCancel(request)}>
          <Ban className="size-4" aria-hidden="true" />
        </RowAction>
      )}
    </div>
  );
}

function requestColumns(brandName: string, actions: PhotoRequestRowActions): Column<PhotoRequest>[] {
  return [
    {
      id: 'id',
      header: `${brandName} ID`,
      cellClassName: 'whitespace-nowrap',
      cell: (r) => (
        <>
          <span className="font-semibold tracking-wide text-fg">{r.shipmentId}</span>
          <span className="block text-xs text-muted">{r.orderId}</span>
        </>
      ),
      card: {
        slot: 'title',
        render: (r) => (
          <>
            {r.shipmentId} <span className="text-xs font-normal tracking-normal text-muted">{r.orderId}</span>
          </>
        ),
      },
    },
    ...shipperContentColumns<PhotoRequest>(
      (r) => r.shipper,
      (r) => r.content,
    ),
    dateColumn('requested', 'Requested Date', (r) => r.requestedDate),
    {
      id: 'priority',
      header: 'Priority',
      skeleton: 'h-5 w-14 rounded-full',
      cell: (r) => <PriorityBadge priority={r.priority} />,
      card: { slot: 'footer', render: (r) => <PriorityBadge priority={r.priority} spelled /> },
    },
    { id: 'status', header: 'Status', skeleton: 'h-5 w-20 rounded-full', cell: (r) => <StatusBadge status={r.status} />, card: 'footer' },
    {
      id: 'actions',
      header: 'Actions',
      skeleton: 'h-6 w-20',
      cell: (r) => <RowActions request={r} align="start" {...actions} />,
      card: { slot: 'actions', render: (r) => <RowActions request={r} {...actions} /> },
    },
  ];
}

/** The requests as a table when the container is wide, as stacked cards when it is narrow. */
export function PhotoRequestsTable({
  requests,
  brandName,
  empty,
  pager,
  refreshing,
  ...actions
}: PhotoRequestRowActions & {
  requests: PhotoRequest[] | undefined;
  brandName: string;
  empty: ReactNode;
  pager?: PaginationProps;
  /** The page shown is the previous one, while the one asked for loads. */
  refreshing: boolean;
}) {
  return (
    <DataTable
      label="Photo requests"
      columns={requestColumns(brandName, actions)}
      rows={requests}
      cards
      minWidth="min-w-[50rem]"
      empty={empty}
      pager={pager}
      refreshing={refreshing}
    />
  );
}

import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Ban, Download, Eye, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { PriorityBadge, StatusBadge } from './photo-request-badges';

export interface PhotoRequestRowActions {
  onView: (request: PhotoRequest) => void;
  onCancel: (request: PhotoRequest) => void;
  onDownload: (request: PhotoRequest) => void;
  /** The id of the request whose photo is downloading. */
  downloading: number | null;
}

function ActionButton({
  label,
  onClick,
  children,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg disabled:opacity-50"
    >
      {children}
    </button>
  );
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
      <ActionButton label={`View details of ${request.shipmentId} photo request`} onClick={() => onView(request)}>
        <Eye className="size-4" aria-hidden="true" />
      </ActionButton>
      {canDownload && (
        <ActionButton label={`Download image of ${request.shipmentId}`} onClick={() => onDownload(request)} disabled={busy}>
          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
        </ActionButton>
      )}
      {request.status === 'PENDING' && (
        <ActionButton label={`Cancel photo request for ${request.shipmentId}`} onClick={() => onCancel(request)}>
          <Ban className="size-4" aria-hidden="true" />
        </ActionButton>
      )}
    </div>
  );
}

/** The requests as a table when the container is wide, as stacked cards when it is narrow. */
export function PhotoRequestsTable({
  requests,
  brandName,
  ...actions
}: PhotoRequestRowActions & { requests: PhotoRequest[] | undefined; brandName: string }) {
  const loading = requests === undefined;
  const rows = requests ?? [];
  return (
    <div aria-busy={loading}>
      <div className="hidden overflow-x-auto @3xl:block">
        <table className="w-full min-w-[50rem] text-left text-sm">
          <caption className="sr-only">Photo requests</caption>
          <thead className="border-b border-line bg-subtle/60 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5">
                {brandName} ID
              </th>
              <th scope="col" className="px-3 py-3">
                Shipper
              </th>
              <th scope="col" className="px-3 py-3">
                Content
              </th>
              <th scope="col" className="px-3 py-3">
                Requested Date
              </th>
              <th scope="col" className="px-3 py-3">
                Priority
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              <th scope="col" className="py-3 pr-5 pl-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {loading
              ? Array.from({ length: 6 }, (_, i) => (
                  <tr key={i}>
                    <td className="py-4 pr-3 pl-5">
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
                      <Skeleton className="h-5 w-14 rounded-full" />
                    </td>
                    <td className="px-3 py-4">
                      <Skeleton className="h-5 w-20 rounded-full" />
                    </td>
                    <td className="py-4 pr-5 pl-3">
                      <Skeleton className="h-6 w-20" />
                    </td>
                  </tr>
                ))
              : rows.map((request) => (
                  <tr key={request.id} className="transition-colors hover:bg-subtle/60">
                    <td className="py-3 pr-3 pl-5 whitespace-nowrap">
                      <span className="font-semibold tracking-wide text-fg">{request.shipmentId}</span>
                      <span className="block text-xs text-muted">{request.orderId}</span>
                    </td>
                    <td className="max-w-44 px-3 py-3 text-fg">{request.shipper}</td>
                    <td className="max-w-56 px-3 py-3 text-fg">{request.content}</td>
                    <td className="px-3 py-3 whitespace-nowrap text-muted">
                      <time dateTime={request.requestedDate}>{formatShortDate(request.requestedDate)}</time>
                    </td>
                    <td className="px-3 py-3">
                      <PriorityBadge priority={request.priority} />
                    </td>
                    <td className="px-3 py-3">
                      <StatusBadge status={request.status} />
                    </td>
                    <td className="py-2 pr-5 pl-3">
                      <RowActions request={request} align="start" {...actions} />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-line @3xl:hidden" aria-label="Photo requests">
        {loading
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="space-y-2.5 px-4 py-4">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-5 w-36 rounded-full" />
              </li>
            ))
          : rows.map((request) => (
              <li key={request.id} className="px-4 py-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-semibold tracking-wide text-fg">
                    {request.shipmentId} <span className="text-xs font-normal tracking-normal text-muted">{request.orderId}</span>
                  </p>
                  <p className="text-xs text-muted">
                    <time dateTime={request.requestedDate}>{formatShortDate(request.requestedDate)}</time>
                  </p>
                </div>
                <p className="mt-1 text-sm text-fg">
                  {request.content}
                  <span className="text-muted"> · {request.shipper}</span>
                </p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <StatusBadge status={request.status} />
                    <PriorityBadge priority={request.priority} spelled />
                  </div>
                  <RowActions request={request} {...actions} />
                </div>
              </li>
            ))}
      </ul>
    </div>
  );
}

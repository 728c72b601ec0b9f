import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Camera, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePhotoRequests } from '../api/get-photo-requests';
import { CancelPhotoRequestModal } from '../components/cancel-photo-request-modal';
import { PhotoRequestDetailsModal } from '../components/photo-request-details-modal';
import { PhotoRequestStats } from '../components/photo-request-stats';
import { PhotoRequestsTable } from '../components/photo-requests-table';
import { usePhotoDownload } from '../hooks/use-photo-download';
import { matchesFilter, matchesSearch, STATUS_FILTERS, type StatusFilter } from '../photo-request-display';

function StatusFilterControl({ value, onChange }: { value: StatusFilter; onChange: (value: StatusFilter) => void }) {
  return (
    <div role="group" aria-label="Filter by status" className="inline-flex rounded-lg border border-line bg-subtle p-0.5">
      {STATUS_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            'h-8 rounded-md px-3 text-sm font-medium transition-colors',
            value === filter ? 'bg-surface text-fg shadow-xs ring-1 ring-line' : 'text-muted hover:text-fg',
          )}
        >
          {filter}
        </button>
      ))}
    </div>
  );
}

/** /photo-requests: the summary cards, search and status filter, the table, and each request's photos. */
export default function PhotoRequestsPage() {
  const { brandName } = useAppConfig();
  const wide = useMediaQuery('(min-width: 640px)');
  const list = usePhotoRequests();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('All');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<PhotoRequest | null>(null);
  const { downloadAttachment, downloadFirstPhoto, busy } = usePhotoDownload();

  const filtered = useMemo(
    () => list.data?.filter((r) => matchesFilter(r, filter) && matchesSearch(r, search)),
    [list.data, filter, search],
  );
  const total = filtered?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const visible = filtered?.slice((page - 1) * pageSize, page * pageSize);

  // A new search or filter starts at the first page.
  const [pageKey, setPageKey] = useState(`${filter}\n${search}`);
  if (pageKey !== `${filter}\n${search}`) {
    setPageKey(`${filter}\n${search}`);
    setPage(1);
  }
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  // The modal follows the list, so a cancellation shows at once.
  const viewing = list.data?.find((r) => r.id === viewingId) ?? null;
  const downloadingRequest = busy?.startsWith('request-') ? Number(busy.slice(8)) : null;
  const downloadingAttachment = busy?.startsWith('attachment-') ? Number(busy.slice(11)) : null;
  const none = list.data !== undefined && list.data.length === 0;

  return (
    <>
      <PageHeader
        tabTitle="Photo Requests"
        title="Photo Requests"
        description="Photos of your packages taken by our warehouse team."
        actions={
          <Link to="/received-packages" className={buttonClasses('secondary')}>
            <Camera className="size-4" aria-hidden="true" />
            Request from Received Packages
          </Link>
        }
      />
      <div className="space-y-6">
        <PhotoRequestStats />

        {list.isError ? (
          <LoadError message={messages.packages.photoRequestsFetchFailed} onRetry={() => list.refetch()} />
        ) : none ? (
          <EmptyState
            icon={Camera}
            title="You have not requested any photos yet"
            description="Ask for photos of a package from Received Packages; your requests and their photos are listed here."
            action={
              <Link to="/received-packages" className={buttonClasses('secondary')}>
                Go to Received Packages
              </Link>
            }
          />
        ) : (
          <Card className="@container overflow-hidden">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
              <SearchInput
                value={search}
                onValueChange={setSearch}
                label="Search photo requests"
                placeholder={wide ? 'Search by ID, shipper, content, order or notes' : 'Search ID, shipper, content...'}
                containerClassName="w-full sm:max-w-sm"
              />
              <StatusFilterControl value={filter} onChange={setFilter} />
            </div>

            {filtered !== undefined && total === 0 ? (
              <div className="flex flex-col items-center px-6 py-14 text-center">
                <span className="flex size-11 items-center justify-center rounded-full bg-subtle text-muted">
                  <SearchX className="size-5" aria-hidden="true" />
                </span>
                <p className="mt-3 text-sm font-semibold text-fg">
                  {search.trim() ? 'No photo requests match your search' : `No ${filter.toLowerCase()} photo requests`}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-4"
                  onClick={() => {
                    setSearch('');
                    setFilter('All');
                  }}
                >
                  Show all requests
                </Button>
              </div>
            ) : (
              <PhotoRequestsTable
                requests={visible}
                brandName={brandName}
                onView={(r) => setViewingId(r.id)}
                onCancel={setCancelling}
                onDownload={downloadFirstPhoto}
                downloading={downloadingRequest}
              />
            )}

            {total > PAGE_SIZE && (
              <Pagination
                label="Photo requests"
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
      </div>

      <PhotoRequestDetailsModal
        request={viewing}
        isOpen={viewing !== null}
        onClose={() => setViewingId(null)}
        onCancelRequest={(r) => {
          setViewingId(null);
          setCancelling(r);
        }}
        onDownload={downloadAttachment}
        downloading={downloadingAttachment}
      />
      <CancelPhotoRequestModal request={cancelling} isOpen={cancelling !== null} onClose={() => setCancelling(null)} />
    </>
  );
}

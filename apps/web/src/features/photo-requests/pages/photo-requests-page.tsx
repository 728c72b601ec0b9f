import { messages } from '@hopbox/contracts/messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Camera, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { FilterButtons } from '@/components/filter-buttons';
import { ListStates } from '@/components/list-states';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAppConfig } from '@/lib/app-config';
import { oneOf, pageOf } from '@/lib/list-params';
import { portalPager, useClampPage, useListParams } from '@/lib/use-list-params';
import { usePhotoRequests } from '../api/get-photo-requests';
import { CancelPhotoRequestModal } from '../components/cancel-photo-request-modal';
import { PhotoRequestDetailsModal } from '../components/photo-request-details-modal';
import { PhotoRequestStats } from '../components/photo-request-stats';
import { PhotoRequestsTable } from '../components/photo-requests-table';
import { usePhotoDownload } from '../hooks/use-photo-download';
import { matchesFilter, matchesSearch, STATUS_FILTERS } from '../photo-request-display';

const FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: value }));

/** /photo-requests: the summary cards, search and status filter, the table, and each request's photos. */
export default function PhotoRequestsPage() {
  const { brandName } = useAppConfig();
  const requests = usePhotoRequests();
  const list = useListParams({ filters: { status: 'All' } });
  const filter = oneOf(STATUS_FILTERS, list.filters.status);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<PhotoRequest | null>(null);
  const { downloadAttachment, downloadFirstPhoto, busy } = usePhotoDownload();

  const view = useMemo(
    () =>
      requests.data &&
      pageOf(
        requests.data.filter((r) => matchesFilter(r, filter) && matchesSearch(r, list.q)),
        list.page,
        list.pageSize,
      ),
    [requests.data, filter, list.q, list.page, list.pageSize],
  );
  const total = view?.total ?? 0;
  useClampPage(list, view?.total);

  // The modal follows the list, so a cancellation shows at once.
  const viewing = requests.data?.find((r) => r.id === viewingId) ?? null;
  const downloadingRequest = busy?.startsWith('request-') ? Number(busy.slice(8)) : null;
  const downloadingAttachment = busy?.startsWith('attachment-') ? Number(busy.slice(11)) : null;

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

        <ListStates
          query={requests}
          isEmpty={requests.data?.length === 0}
          errorText={messages.packages.photoRequestsFetchFailed}
          loading={null}
          empty={{
            icon: Camera,
            title: 'You have not requested any photos yet',
            description: 'Ask for photos of a package from Received Packages; your requests and their photos are listed here.',
            action: (
              <Link to="/received-packages" className={buttonClasses('secondary')}>
                Go to Received Packages
              </Link>
            ),
          }}
        >
          <Card className="overflow-hidden">
            <ListToolbar
              list={list}
              label="Search photo requests"
              placeholder="Search by ID, shipper, content, order or notes"
              shortPlaceholder="Search ID, shipper, content..."
              searchClassName="sm:max-w-sm"
            >
              <FilterButtons
                label="Filter by status"
                tone="surface"
                options={FILTER_OPTIONS}
                value={filter}
                onChange={(value) => list.setFilter('status', value)}
              />
            </ListToolbar>

            <PhotoRequestsTable
              requests={view?.rows}
              brandName={brandName}
              onView={(r) => setViewingId(r.id)}
              onCancel={setCancelling}
              onDownload={downloadFirstPhoto}
              downloading={downloadingRequest}
              empty={
                <EmptyState
                  variant="search"
                  icon={SearchX}
                  title={list.q ? 'No photo requests match your search' : `No ${filter.toLowerCase()} photo requests`}
                  action={
                    <Button variant="secondary" size="sm" onClick={list.reset}>
                      Show all requests
                    </Button>
                  }
                />
              }
              pager={portalPager(list, 'Photo requests', view?.page ?? 1, total)}
            />
          </Card>
        </ListStates>
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

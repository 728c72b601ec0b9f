import { messages } from '@hopbox/contracts/messages';
import type { PhotoRequest } from '@hopbox/contracts/photo-requests';
import { Camera, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { FilterButtons } from '@/components/filter-buttons';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListStates } from '@/components/list-states';
import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAppConfig } from '@/lib/app-config';
import { oneOf } from '@/lib/list-params';
import { portalPager, useClampPage, useListParams } from '@/lib/use-list-params';
import { usePhotoRequests } from '../api/get-photo-requests';
import { PhotoRequestStats } from '../components/photo-request-stats';
import { PhotoRequestsTable } from '../components/photo-requests-table';
import { usePhotoDownload } from '../hooks/use-photo-download';
import { PHOTO_REQUESTS_LIST, photoRequestsParamsOf, STATUS_FILTERS } from '../photo-request-display';

// The details and the cancel dialog load when first opened, not with the list (decision 081).
const PhotoRequestDetailsModal = lazyDialog(
  async () => (await import('../components/photo-request-details-modal')).PhotoRequestDetailsModal,
);
const CancelPhotoRequestModal = lazyDialog(async () => (await import('../components/cancel-photo-request-modal')).CancelPhotoRequestModal);

const FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: value }));

/** /photo-requests: the summary cards, search and status filter, the table paged on the server, and each request's photos. */
export default function PhotoRequestsPage() {
  const { brandName } = useAppConfig();
  const list = useListParams(PHOTO_REQUESTS_LIST);
  const filter = oneOf(STATUS_FILTERS, list.filters.status);
  const params = photoRequestsParamsOf(list);
  const requests = usePhotoRequests(params);
  const [viewing, setViewing] = useState<PhotoRequest | null>(null);
  const [cancelling, setCancelling] = useState<PhotoRequest | null>(null);
  const { downloadAttachment, downloadFirstPhoto, busy } = usePhotoDownload();

  const data = requests.data;
  const total = data?.total ?? 0;
  // A cancelled request can leave a status's list: never stay on a page past the end.
  useClampPage(list, data && !requests.isPlaceholderData ? total : undefined);
  // Nothing asked at all, rather than nothing found: the page's own empty state.
  const noneAtAll =
    data !== undefined && !requests.isPlaceholderData && total === 0 && !params.q && !params.status && list.search.trim() === '';

  // The modal follows the page shown, so a cancellation shows at once; a request that left it stays as last seen.
  const shown = (viewing && data?.data.find((r) => r.id === viewing.id)) ?? viewing;
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
          isEmpty={noneAtAll}
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
              requests={data?.data}
              refreshing={requests.isPlaceholderData}
              brandName={brandName}
              onView={setViewing}
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
              pager={portalPager(list, 'Photo requests', list.page, total)}
            />
          </Card>
        </ListStates>
      </div>

      <PhotoRequestDetailsModal
        request={shown}
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        onCancelRequest={(r) => {
          setViewing(null);
          setCancelling(r);
        }}
        onDownload={downloadAttachment}
        downloading={downloadingAttachment}
      />
      <CancelPhotoRequestModal request={cancelling} isOpen={cancelling !== null} onClose={() => setCancelling(null)} />
    </>
  );
}

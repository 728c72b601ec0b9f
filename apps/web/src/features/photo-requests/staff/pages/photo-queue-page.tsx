import { REQUEST_TYPE_LABELS } from '@hopbox/contracts/photo-request-statuses';
import {
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_TYPES,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
  type StaffPhotoRequest,
} from '@hopbox/contracts/photo-requests';
import { STAFF_PHOTO_QUEUE_PAGE_SIZE } from '@hopbox/contracts/staff-photo-requests';
import { Camera } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/card';
import { CellLines, type Column, DataTable, openColumn } from '@/components/data-table';
import { SelectField } from '@/components/form-field';
import { ListSearch } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { TimeAgo } from '@/components/time-ago';
import { enumLabel } from '@/lib/format';
import { oneOf } from '@/lib/list-params';
import { serverPageTable } from '@/lib/server-page';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { PriorityBadge, StatusBadge } from '../../components/photo-request-badges';
import { type PhotoQueueFilters, usePhotoQueuePage } from '../api/get-photo-queue';
import { PhotoRequestModal } from '../components/photo-request-modal';

/** The queue's status choices: the open ones by default, one status, or everything. */
const STATUS_CHOICES: { value: string; label: string; statuses: readonly PhotoRequestStatus[] }[] = [
  { value: 'open', label: 'Open requests', statuses: ['PENDING', 'IN_PROGRESS'] },
  ...PHOTO_REQUEST_STATUSES.map((s) => ({ value: s, label: enumLabel(s), statuses: [s] })),
  { value: 'all', label: 'All statuses', statuses: [] },
];

const STATUS_VALUES = STATUS_CHOICES.map((c) => c.value);
const PRIORITY_OPTIONS = [
  { value: '', label: 'All priorities' },
  ...PHOTO_REQUEST_PRIORITIES.map((p) => ({ value: p, label: enumLabel(p) })),
];
const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...PHOTO_REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }))];
const PRIORITY_CHOICES = ['', ...PHOTO_REQUEST_PRIORITIES] as const;
const TYPE_CHOICES = ['', ...PHOTO_REQUEST_TYPES] as const;

const QUEUE_EMPTY = { icon: Camera, title: 'The queue is empty', description: 'New requests from customers appear here.' };
const NO_MATCH = { icon: Camera, title: 'No photo requests match', description: 'Try other filters or another search.' };

/** Where the package sits, so the photographer walks straight to it. */
function ShelfLocation({ location }: { location: string | null }) {
  return location ? (
    <span className="font-mono text-sm font-semibold text-fg">{location}</span>
  ) : (
    <span className="text-sm text-muted">Not shelved</span>
  );
}

/**
 * /staff/photo-requests: the queue, most urgent first and then oldest, as the server sorts it, a page at a time
 * (decision 077); its filters, page and page size live in the address.
 */
export default function PhotoQueuePage() {
  const list = useListParams({ filters: { status: 'open', priority: '', type: '' }, defaultPageSize: STAFF_PHOTO_QUEUE_PAGE_SIZE });
  const status = oneOf(STATUS_VALUES, list.filters.status);
  const priority = oneOf<PhotoRequestPriority | ''>(PRIORITY_CHOICES, list.filters.priority);
  const requestType = oneOf<PhotoRequestType | ''>(TYPE_CHOICES, list.filters.type);
  const [selected, setSelected] = useState<StaffPhotoRequest | null>(null);

  const filters: PhotoQueueFilters = useMemo(
    () => ({ statuses: STATUS_CHOICES.find((c) => c.value === status)?.statuses ?? [], priority, requestType, q: list.q }),
    [status, priority, requestType, list.q],
  );
  const queue = usePhotoQueuePage(filters, list.page, list.pageSize);
  // A request taken, completed or rejected can leave its view: a page past the view's new end becomes the last. A
  // capped count has no last page to clamp to (decision 072).
  useClampPage(list, queue.data?.totalCapped ? undefined : queue.data?.total);

  // ?open=<id> (from the Overview, one of the queue's first requests) opens that request once the page shown has it.
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open'));
  useEffect(() => {
    if (!openId || !queue.data) return;
    const found = queue.data.data.find((r) => r.id === openId);
    if (found) setSelected(found);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [openId, queue.data, setParams]);
  const filtered = status !== 'open' || priority || requestType || list.q;

  const columns: Column<StaffPhotoRequest>[] = [
    {
      id: 'priority',
      header: 'Priority',
      cell: (r) => (
        <span className="flex flex-col items-start gap-1.5">
          <PriorityBadge priority={r.priority} />
          <StatusBadge status={r.status} className="@xl:hidden" />
        </span>
      ),
      card: { slot: 'footer', render: (r) => <PriorityBadge priority={r.priority} /> },
    },
    { id: 'status', header: 'Status', showFrom: '@xl', cell: (r) => <StatusBadge status={r.status} />, card: 'footer' },
    {
      id: 'package',
      header: 'Package',
      cell: (r) => (
        <CellLines
          main={r.shipmentId}
          sub={`${REQUEST_TYPE_LABELS[r.requestType]} · ${r.content}`}
          mainClassName="font-mono text-sm font-medium whitespace-nowrap"
          subClassName="max-w-52 truncate"
        />
      ),
      card: { slot: 'title', render: (r) => <span className="font-mono">{r.shipmentId}</span> },
    },
    {
      id: 'location',
      header: 'Location',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => <ShelfLocation location={r.location} />,
      card: 'field',
    },
    {
      id: 'customer',
      header: 'Customer',
      showFrom: '@2xl',
      cell: (r) => <CellLines main={r.customerName} sub={r.lockerNumber} mainClassName="max-w-44 truncate" subClassName="font-mono" />,
      // The phone card's one line: what is asked, of which package, for whom.
      card: { slot: 'line', render: (r) => `${REQUEST_TYPE_LABELS[r.requestType]} · ${r.content} · ${r.customerName} (${r.lockerNumber})` },
    },
    {
      id: 'requested',
      header: 'Requested',
      showFrom: '@xl',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => <TimeAgo iso={r.requestedDate} />,
      card: 'aside',
    },
    {
      id: 'notes',
      header: 'Notes',
      showFrom: '@4xl',
      cellClassName: 'max-w-64',
      cell: (r) => <span className="line-clamp-2 text-sm text-muted">{r.notes || '—'}</span>,
    },
    openColumn<StaffPhotoRequest>(setSelected, (r) => `Open photo request ${r.orderId} for ${r.shipmentId}`, { card: 'actions' }),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Photo Requests"
        title="Photo Requests"
        description="Customers asking to see their packages. Most urgent first, then the longest waiting."
      />
      <Card>
        <div className="grid gap-3 border-b border-line p-4 sm:grid-cols-2 sm:p-5 xl:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <ListSearch
            list={list}
            label="Search photo requests"
            placeholder="Search requests"
            className="sm:col-span-2 xl:col-span-1 xl:self-end"
          />
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => list.setFilter('status', event.target.value)}
            options={STATUS_CHOICES}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(event) => list.setFilter('priority', event.target.value)}
            options={PRIORITY_OPTIONS}
          />
          <SelectField
            label="Type"
            value={requestType}
            onChange={(event) => list.setFilter('type', event.target.value)}
            options={TYPE_OPTIONS}
          />
        </div>
        <DataTable
          label="Photo request queue"
          columns={columns}
          {...serverPageTable(queue, list, 'Photo requests')}
          emptyState={filtered ? NO_MATCH : QUEUE_EMPTY}
          cards
        />
      </Card>
      <PhotoRequestModal request={selected} onClose={() => setSelected(null)} onChange={setSelected} />
    </>
  );
}

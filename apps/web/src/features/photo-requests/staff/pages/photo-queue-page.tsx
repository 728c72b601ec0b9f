import {
  PHOTO_REQUEST_PRIORITIES,
  PHOTO_REQUEST_STATUSES,
  PHOTO_REQUEST_TYPES,
  type PhotoRequest,
  type PhotoRequestPriority,
  type PhotoRequestStatus,
  type PhotoRequestType,
} from '@hopbox/contracts/photo-requests';
import { Camera } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { DataTable, tdClasses, thClasses } from '@/components/data-table';
import { SelectField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { EmptyRows, RowsSkeleton } from '@/components/query-states';
import { SearchInput } from '@/components/search-input';
import { PHOTO_STATUS_TONES, PRIORITY_TONES } from '@/components/status-badges';
import { errorMessage } from '@/lib/api-errors';
import { enumLabel, formatDateTime, REQUEST_TYPE_LABELS, relativeAge } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type PhotoQueueFilters, usePhotoQueue } from '../api/get-photo-queue';
import { PhotoRequestModal } from '../components/photo-request-modal';

/** The queue's status choices: the open ones by default, one status, or everything. */
const STATUS_CHOICES: { value: string; label: string; statuses: readonly PhotoRequestStatus[] }[] = [
  { value: 'open', label: 'Open requests', statuses: ['PENDING', 'IN_PROGRESS'] },
  ...PHOTO_REQUEST_STATUSES.map((s) => ({ value: s, label: enumLabel(s), statuses: [s] })),
  { value: 'all', label: 'All statuses', statuses: [] },
];

/** /staff/photo-requests: the queue, most urgent first and then oldest, as the server sorts it. */
export default function PhotoQueuePage() {
  const [status, setStatus] = useState('open');
  const [priority, setPriority] = useState<PhotoRequestPriority | ''>('');
  const [requestType, setRequestType] = useState<PhotoRequestType | ''>('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<PhotoRequest | null>(null);
  const query = useDebouncedValue(q.trim());

  const filters: PhotoQueueFilters = useMemo(
    () => ({ statuses: STATUS_CHOICES.find((c) => c.value === status)?.statuses ?? [], priority, requestType, q: query }),
    [status, priority, requestType, query],
  );
  const queue = usePhotoQueue(filters);
  const rows = queue.data ?? [];

  // ?open=<id> (from the Overview) opens that request once the queue has it.
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open'));
  useEffect(() => {
    if (!openId || !queue.data) return;
    const found = queue.data.find((r) => r.id === openId);
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
  const filtered = status !== 'open' || priority || requestType || query;

  return (
    <>
      <PageHeader
        tabTitle="Photo Requests"
        title="Photo requests"
        description="Customers asking to see their packages. Most urgent first, then the longest waiting."
      />
      <Card>
        <div className="grid gap-3 border-b border-line p-4 sm:grid-cols-2 sm:p-5 xl:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <SearchInput
            label="Search photo requests"
            placeholder="Search requests"
            value={q}
            onValueChange={setQ}
            containerClassName="sm:col-span-2 xl:col-span-1 xl:self-end"
          />
          <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value)}>
            {STATUS_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Priority" value={priority} onChange={(event) => setPriority(event.target.value as PhotoRequestPriority | '')}>
            <option value="">All priorities</option>
            {PHOTO_REQUEST_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {enumLabel(p)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type" value={requestType} onChange={(event) => setRequestType(event.target.value as PhotoRequestType | '')}>
            <option value="">All types</option>
            {PHOTO_REQUEST_TYPES.map((t) => (
              <option key={t} value={t}>
                {REQUEST_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
        </div>
        {queue.isPending ? (
          <RowsSkeleton />
        ) : queue.isError && !queue.data ? (
          <div className="p-5">
            <LoadError message={errorMessage(queue.error)} onRetry={() => queue.refetch()} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyRows
            icon={Camera}
            title={filtered ? 'No photo requests match' : 'The queue is empty'}
            description={filtered ? 'Try other filters or another search.' : 'New requests from customers appear here.'}
          />
        ) : (
          <DataTable label="Photo request queue" aria-busy={queue.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col" className={thClasses}>
                  Priority
                </th>
                <th scope="col" className={`${thClasses} hidden @xl:table-cell`}>
                  Status
                </th>
                <th scope="col" className={thClasses}>
                  Package
                </th>
                <th scope="col" className={`${thClasses} hidden @2xl:table-cell`}>
                  Customer
                </th>
                <th scope="col" className={`${thClasses} hidden @xl:table-cell`}>
                  Requested
                </th>
                <th scope="col" className={`${thClasses} hidden @4xl:table-cell`}>
                  Notes
                </th>
                <th scope="col" className={thClasses}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="hover:bg-subtle/50">
                  <td className={tdClasses}>
                    <span className="flex flex-col items-start gap-1.5">
                      <Badge tone={PRIORITY_TONES[r.priority]}>{enumLabel(r.priority)}</Badge>
                      <Badge tone={PHOTO_STATUS_TONES[r.status]} dot className="@xl:hidden">
                        {enumLabel(r.status)}
                      </Badge>
                    </span>
                  </td>
                  <td className={`${tdClasses} hidden @xl:table-cell`}>
                    <Badge tone={PHOTO_STATUS_TONES[r.status]} dot>
                      {enumLabel(r.status)}
                    </Badge>
                  </td>
                  <td className={tdClasses}>
                    <span className="block font-mono text-sm font-medium whitespace-nowrap">{r.shipmentId}</span>
                    <span className="block max-w-52 truncate text-xs text-muted">
                      {REQUEST_TYPE_LABELS[r.requestType]} · {r.content}
                    </span>
                  </td>
                  <td className={`${tdClasses} hidden @2xl:table-cell`}>
                    <span className="block max-w-44 truncate">{r.customerName}</span>
                    <span className="block font-mono text-xs text-muted">{r.lockerNumber}</span>
                  </td>
                  <td className={`${tdClasses} hidden whitespace-nowrap @xl:table-cell`}>
                    <time dateTime={r.requestedDate} title={formatDateTime(r.requestedDate)}>
                      {relativeAge(r.requestedDate)}
                    </time>
                  </td>
                  <td className={`${tdClasses} hidden max-w-64 @4xl:table-cell`}>
                    <span className="line-clamp-2 text-sm text-muted">{r.notes || '—'}</span>
                  </td>
                  <td className={`${tdClasses} text-right`}>
                    <button
                      type="button"
                      onClick={() => setSelected(r)}
                      aria-label={`Open photo request ${r.orderId} for ${r.shipmentId}`}
                      className={buttonClasses('secondary', 'sm')}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Card>
      <PhotoRequestModal request={selected} onClose={() => setSelected(null)} onChange={setSelected} />
    </>
  );
}

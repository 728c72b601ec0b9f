import { SUPPORT_QUEUE_VIEWS, SUPPORT_SUBJECT_LABELS, type SupportQueueView, supportMessages } from '@hopbox/contracts/support';
import { ChevronLeft, LifeBuoy } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { FilterButtons } from '@/components/filter-buttons';
import { RowsSkeleton } from '@/components/list-states';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeAge } from '@/lib/format';
import { oneOf } from '@/lib/list-params';
import { toast } from '@/lib/toast';
import { useListParams } from '@/lib/use-list-params';
import { useConversationThread } from '../../api/conversations';
import { ComposeForm } from '../../components/compose-form';
import { ConversationHeader } from '../../components/conversation-header';
import { ConversationPending } from '../../components/conversation-pending';
import { MessageThread } from '../../components/message-thread';
import { SupportStatusBadge } from '../../components/support-status-badge';
import { queueKey, useSupportQueue } from '../api/queue';

const VIEW_LABELS: Record<SupportQueueView, string> = { unanswered: 'Unanswered', open: 'Open', closed: 'Closed', all: 'All' };
const VIEW_OPTIONS = SUPPORT_QUEUE_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }));

/** /staff/support and /staff/support/:id: the queue (unanswered first, the longest wait first) and one conversation with its context. */
export default function SupportQueuePage() {
  const params = useParams();
  const openId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const list = useListParams({ filters: { view: 'open' }, defaultPageSize: 20 });
  const view = oneOf(SUPPORT_QUEUE_VIEWS, list.filters.view);
  const queue = useSupportQueue(view, list.page, list.pageSize);
  // The queue's view and page stay in the address while a conversation is open.
  const { search: keep } = useLocation();
  const linkTo = (id: number) => `/staff/support/${id}${keep}`;

  return (
    <>
      <PageHeader
        tabTitle="Support"
        title="Support"
        description="Customers' questions about their packages, shipments and payments. Your answer is mailed to them."
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-label="Support queue" className={cn('space-y-3', openId !== null && 'max-xl:hidden')}>
          <FilterButtons
            label="Show conversations"
            options={VIEW_OPTIONS}
            value={view}
            onChange={(value) => list.setFilter('view', value)}
          />
          {queue.isPending ? (
            <RowsSkeleton rows={5} />
          ) : queue.isError ? (
            <LoadError message="The support queue could not be loaded." onRetry={() => void queue.refetch()} />
          ) : queue.data.data.length === 0 ? (
            <EmptyState
              variant="search"
              icon={LifeBuoy}
              title="No conversations here"
              description="Nothing waits for an answer in this view."
            />
          ) : (
            <Card className="overflow-hidden">
              <ul className="divide-y divide-line">
                {queue.data.data.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={linkTo(c.id)}
                      aria-current={c.id === openId ? 'page' : undefined}
                      className={cn(
                        'block px-4 py-3 hover:bg-subtle focus-visible:outline-2 focus-visible:outline-accent',
                        c.id === openId && 'bg-accent-soft',
                      )}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="min-w-0 font-medium break-words text-fg">{c.subject}</span>
                        <SupportStatusBadge status={c.status} side="staff" />
                      </span>
                      <span className="mt-0.5 block text-xs text-muted">
                        {c.customerName}
                        {c.lockerNumber ? ` · ${c.lockerNumber}` : ''}
                        {c.subjectRef ? ` · ${SUPPORT_SUBJECT_LABELS[c.subjectType]} ${c.subjectRef}` : ''} · {relativeAge(c.lastMessageAt)}
                      </span>
                      <span className="mt-1 line-clamp-2 block text-sm text-muted">{c.lastMessage}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {queue.data && queue.data.total > list.pageSize && (
            <QueuePager page={list.page} pageCount={Math.ceil(queue.data.total / list.pageSize)} onPage={list.setPage} />
          )}
        </section>
        <section aria-label="Conversation" className={cn(openId === null && 'max-xl:hidden')}>
          {openId === null ? (
            <EmptyState icon={LifeBuoy} title="Choose a conversation" description="The oldest unanswered one is at the top of the queue." />
          ) : (
            <StaffConversation id={openId} backTo={`/staff/support${keep}`} />
          )}
        </section>
      </div>
    </>
  );
}

/** Earlier and later pages of the queue (a short list: the unanswered come first). */
function QueuePager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Support queue pages" className="flex items-center justify-between gap-2 text-sm text-muted">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pageCount}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

function StaffConversation({ id, backTo }: { id: number; backTo: string }) {
  const { brandName } = useAppConfig();
  const { conversation, send, close } = useConversationThread('staff', id, queueKey);
  if (!conversation.isSuccess) return <ConversationPending query={conversation} rows={4} />;
  const c = conversation.data;
  const { customer, subject } = c.context;
  return (
    <div className="space-y-4">
      <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline xl:hidden">
        <ChevronLeft className="size-4" aria-hidden="true" />
        Back to the queue
      </Link>
      <Card className="p-4 sm:p-5">
        <ConversationHeader
          subject={c.subject}
          detail={`${customer.name} · ${customer.email}${customer.lockerNumber ? ` · locker ${customer.lockerNumber}` : ''}`}
          status={c.status}
          side="staff"
          close={close}
        />
        {subject && (
          <section aria-label="What it is about" className="mt-4 rounded-lg border border-line bg-subtle p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-fg">{subject.title}</h3>
              <Link to={subject.consolePath} className="inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline">
                Open in the console
              </Link>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
              {subject.facts.map((fact) => (
                <div key={fact.label} className="contents">
                  <dt className="text-muted">{fact.label}</dt>
                  <dd className="break-words text-fg">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <p className="mt-3 text-xs text-muted">Started {formatDateTime(c.createdAt)}</p>
      </Card>
      <Card className="p-4 sm:p-5">
        <MessageThread messages={c.messages} side="staff" brandName={brandName} />
        <div className="mt-5 border-t border-line pt-4">
          <ComposeForm
            label="Your answer"
            submitLabel="Send answer"
            onSend={(message) => send.mutateAsync(message).then(() => toast.success(supportMessages.sent))}
          />
        </div>
      </Card>
    </div>
  );
}

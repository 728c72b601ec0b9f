import {
  type NewConversationInput,
  newConversationSchema,
  SUPPORT_SUBJECT_LABELS,
  SUPPORT_SUBJECT_TYPES,
  type SupportConversationSummary,
  type SupportSubjectType,
  supportMessages,
} from '@hopbox/contracts/support';
import { ChevronLeft, LifeBuoy, MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { FailureForm } from '@/components/failure-form';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { SelectField, TextField } from '@/components/form-field';
import { RowsSkeleton } from '@/components/list-states';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { TextAreaField } from '@/components/textarea-field';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { supportQueryKey, useConversations, useConversationThread, useStartConversation } from '../api/conversations';
import { ComposeForm } from '../components/compose-form';
import { ConversationHeader } from '../components/conversation-header';
import { ConversationPending } from '../components/conversation-pending';
import { MessageThread } from '../components/message-thread';
import { SupportStatusBadge } from '../components/support-status-badge';

const REF_LABELS: Record<Exclude<SupportSubjectType, 'general'>, string> = {
  package: 'Package ID',
  shipment: 'Shipment ID',
  payment: 'Payment reference',
  claim: 'Claim reference',
};

const isSubjectType = (value: string | null): value is SupportSubjectType =>
  (SUPPORT_SUBJECT_TYPES as readonly string[]).includes(value ?? '');

/**
 * /support and /support/:id: the customer's conversations with the support team, one open beside the list,
 * and a new one started from a package, a shipment or a payment (`?about=package&ref=HBX…`) or from here.
 */
export default function SupportPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const openId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const about = search.get('about');
  const starting = openId === null && (search.has('new') || isSubjectType(about));
  const conversations = useConversations();
  const detailShown = openId !== null || starting;

  return (
    <>
      <PageHeader
        tabTitle="Support"
        title="Support"
        description="Ask us about a package, a shipment or a payment. We answer here and tell you by mail."
        actions={
          <Link to="/support?new=1" className={buttonClasses('primary')}>
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            New conversation
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-label="Your conversations" className={cn(detailShown && 'max-lg:hidden')}>
          <ConversationList query={conversations} openId={openId} />
        </section>
        <section aria-label={starting ? 'New conversation' : 'Conversation'} className={cn(!detailShown && 'max-lg:hidden')}>
          {detailShown && (
            <Link
              to="/support"
              className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline lg:hidden"
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              All conversations
            </Link>
          )}
          {starting ? (
            <NewConversation about={isSubjectType(about) ? about : 'general'} subjectRef={search.get('ref') ?? ''} />
          ) : openId !== null ? (
            <OpenConversation id={openId} />
          ) : (
            <EmptyState
              icon={LifeBuoy}
              title="How can we help?"
              description="Choose a conversation, or start a new one. From a package or a shipment, Contact support starts one about it."
            />
          )}
        </section>
      </div>
    </>
  );
}

function ConversationList({ query, openId }: { query: ReturnType<typeof useConversations>; openId: number | null }) {
  if (query.isPending) return <RowsSkeleton rows={4} />;
  if (query.isError) return <LoadError message="Your conversations could not be loaded." onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return <Card className="p-5 text-sm text-muted">No conversations yet. When you write to us, the conversation stays here.</Card>;
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-line">
        {query.data.map((c) => (
          <ConversationRow key={c.id} conversation={c} active={c.id === openId} />
        ))}
      </ul>
    </Card>
  );
}

function ConversationRow({ conversation: c, active }: { conversation: SupportConversationSummary; active: boolean }) {
  return (
    <li>
      <Link
        to={`/support/${c.id}`}
        aria-current={active ? 'page' : undefined}
        className={cn('block px-4 py-3 hover:bg-subtle focus-visible:outline-2 focus-visible:outline-accent', active && 'bg-accent-soft')}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-medium break-words text-fg">{c.subject}</span>
          <SupportStatusBadge status={c.status} side="customer" />
        </span>
        <span className="mt-0.5 block text-xs text-muted">
          {c.subjectRef ? `${SUPPORT_SUBJECT_LABELS[c.subjectType]} ${c.subjectRef} · ` : ''}
          {formatDateTime(c.lastMessageAt)}
        </span>
        <span className="mt-1 line-clamp-2 block text-sm text-muted">
          {c.lastMessageFrom === 'staff' ? 'Support: ' : 'You: '}
          {c.lastMessage}
        </span>
      </Link>
    </li>
  );
}

function OpenConversation({ id }: { id: number }) {
  const { brandName } = useAppConfig();
  const { conversation, send, close } = useConversationThread('customer', id, supportQueryKey);
  if (!conversation.isSuccess) return <ConversationPending query={conversation} rows={3} />;
  const c = conversation.data;
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4">
        <ConversationHeader
          subject={c.subject}
          detail={`${c.subjectRef ? `${SUPPORT_SUBJECT_LABELS[c.subjectType]} ${c.subjectRef}` : SUPPORT_SUBJECT_LABELS[c.subjectType]} · started ${formatDateTime(c.createdAt)}`}
          status={c.status}
          side="customer"
          close={close}
        />
      </div>
      <MessageThread messages={c.messages} side="customer" brandName={brandName} />
      <div className="mt-5 border-t border-line pt-4">
        {c.status === 'CLOSED' && <p className="mb-2 text-sm text-muted">This conversation is closed. Writing again opens it.</p>}
        <ComposeForm label="Your message" onSend={(message) => send.mutateAsync(message).then(() => toast.success(supportMessages.sent))} />
      </div>
    </Card>
  );
}

function NewConversation({ about, subjectRef }: { about: SupportSubjectType; subjectRef: string }) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const form = useZodForm(newConversationSchema, { defaultValues: { subjectType: about, subjectRef, subject: '', body: '' } });
  const [files, setFiles] = useState<File[]>([]);
  const type = form.watch('subjectType') as SupportSubjectType;
  const problem = documentProblem(files);
  const submit = form.handleSubmit(async (input: NewConversationInput) => {
    if (problem) return;
    try {
      const started = await start.mutateAsync({ input: type === 'general' ? { ...input, subjectRef: undefined } : input, files });
      toast.success(supportMessages.started);
      navigate(`/support/${started.data.id}`, { replace: true });
    } catch (err) {
      showSubmitFailure(form, err, ['subjectType', 'subjectRef', 'subject', 'body']);
    }
  });
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-4 text-lg font-semibold text-fg">New conversation</h2>
      <FailureForm failure={form.failure} onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="About"
            options={SUPPORT_SUBJECT_TYPES.map((value) => ({ value, label: SUPPORT_SUBJECT_LABELS[value] }))}
            {...form.input('subjectType')}
          />
          {type !== 'general' && <TextField label={REF_LABELS[type]} autoComplete="off" {...form.input('subjectRef')} />}
        </div>
        <TextField label="Subject" placeholder="In a few words" {...form.input('subject')} />
        <TextAreaField label="Message" rows={6} {...form.input('body')} />
        <DocumentPicker files={files} onChange={setFiles} error={problem} />
        <div className="flex justify-end gap-2">
          <Link to="/support" className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={problem !== null}>
            Send
          </Button>
        </div>
      </FailureForm>
    </Card>
  );
}

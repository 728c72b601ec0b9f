import type { SupportMessage } from '@hopbox/contracts/support';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { AttachmentList } from './attachment-list';

/**
 * A conversation's messages, oldest first. The reader's own side stands on the right; each message says who
 * wrote it and when (in the reader's zone, named).
 */
export function MessageThread({
  messages,
  side,
  brandName,
}: {
  messages: readonly SupportMessage[];
  side: 'customer' | 'staff';
  brandName: string;
}) {
  return (
    <ol aria-label="Messages" className="flex flex-col gap-3">
      {messages.map((message) => {
        const own = message.from === side;
        const who =
          message.from === 'staff'
            ? `${message.authorName ?? 'Support'} · ${brandName} support`
            : side === 'customer'
              ? 'You'
              : (message.authorName ?? 'Customer');
        return (
          <li key={message.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${who}, ${formatDateTime(message.createdAt)}`}
              className={cn(
                'max-w-[min(36rem,90%)] rounded-lg border px-3.5 py-2.5',
                own ? 'border-accent/30 bg-accent-soft' : 'border-line bg-surface',
              )}
            >
              <p className="text-xs text-muted">
                <span className="font-medium text-fg">{who}</span> ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{message.body}</p>
              <AttachmentList attachments={message.attachments} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}

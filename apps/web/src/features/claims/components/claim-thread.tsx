import type { Claim } from '@hopbox/contracts/claims';
import { MessagesSquare } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { ClaimPhotos } from './claim-photos';
import { ClaimStatusBadge } from './claim-status-badge';

/**
 * The claim's messages, oldest first: the warehouse team's words with each decision (and the status it moved the
 * claim to), the customer's answers on the right with their photos.
 */
export function ClaimThread({ messages, brandName }: { messages: Claim['messages']; brandName: string }) {
  if (messages.length === 0) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-subtle px-3.5 py-3 text-sm text-muted">
        <MessagesSquare className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        No messages yet. The warehouse team writes here, and by mail, when they decide or need more from you.
      </p>
    );
  }
  return (
    <ol aria-label="Messages" className="flex flex-col gap-3">
      {messages.map((message, index) => {
        const own = message.from === 'customer';
        const who = own ? 'You' : `${brandName} warehouse team`;
        const when = formatDateTime(message.createdAt);
        return (
          <li key={`${message.createdAt}-${index}`} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${who}, ${when}`}
              className={cn(
                'w-full max-w-[min(36rem,92%)] rounded-lg border px-3.5 py-2.5',
                own ? 'border-accent/30 bg-accent-soft' : 'border-line bg-surface',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-muted">
                  <span className="font-medium text-fg">{who}</span> · <time dateTime={message.createdAt}>{when}</time>
                </p>
                {!own && <ClaimStatusBadge status={message.status} />}
              </div>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{message.body}</p>
              {message.photos.length > 0 && (
                <div className="mt-2">
                  <ClaimPhotos photos={message.photos} createdAt={message.createdAt} label={`Photo sent by ${own ? 'you' : who}`} />
                </div>
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

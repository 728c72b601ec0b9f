import { type SupportStatus, supportMessages } from '@hopbox/contracts/support';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/lib/toast';
import { SupportStatusBadge } from './support-status-badge';

/** A conversation's subject, a line about it, its status for the reader's side, and Close while it is open. */
export function ConversationHeader({
  subject,
  detail,
  status,
  side,
  close,
}: {
  subject: string;
  detail: ReactNode;
  status: SupportStatus;
  side: 'customer' | 'staff';
  close: { isPending: boolean; mutate: (variables: undefined, options: { onSuccess: () => void }) => void };
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words text-fg">{subject}</h2>
        <p className="text-sm text-muted">{detail}</p>
      </div>
      <div className="flex items-center gap-2">
        <SupportStatusBadge status={status} side={side} />
        {status !== 'CLOSED' && (
          <Button
            variant="secondary"
            size="sm"
            loading={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: () => toast.success(supportMessages.closed) })}
          >
            Close conversation
          </Button>
        )}
      </div>
    </div>
  );
}

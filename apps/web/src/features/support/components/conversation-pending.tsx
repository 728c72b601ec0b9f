import { supportMessages } from '@hopbox/contracts/support';
import type { UseQueryResult } from '@tanstack/react-query';
import { RowsSkeleton } from '@/components/list-states';
import { LoadError } from '@/components/load-error';

/** A conversation not shown yet: rows of skeleton while it loads, or not found with a retry. */
export function ConversationPending({ query, rows }: { query: UseQueryResult; rows: number }) {
  if (query.isPending) return <RowsSkeleton rows={rows} />;
  return <LoadError message={supportMessages.conversationNotFound} onRetry={() => void query.refetch()} />;
}

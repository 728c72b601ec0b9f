import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';

/** A list or page that failed to load: its message and a retry. */
export function LoadError({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <Alert tone="error" className={cn(className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>{message}</span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}

/** A query's load error, when it failed, with a retry; `fallback` replaces a generic error's message. */
export function QueryLoadError({
  query,
  fallback,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  fallback?: string;
}) {
  if (!query.isError) return null;
  return <LoadError message={errorMessage(query.error, fallback)} onRetry={() => query.refetch()} />;
}

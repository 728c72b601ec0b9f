import { messages } from '@hopbox/contracts/messages';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/button';

/** SPEC.md's top-level error screen: 'Something went wrong' and a Refresh Page button. */
export function ErrorScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-page px-4">
      <title>{messages.transport.somethingWentWrong}</title>
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-fg">{messages.transport.somethingWentWrong}</h1>
        <p className="mt-2 text-sm text-muted">{messages.transport.unexpected}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh Page
        </Button>
      </div>
    </div>
  );
}

/** The router's boundary: any error while rendering a route (including a page chunk that failed to load). */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}

/** Catches what happens outside the router (providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

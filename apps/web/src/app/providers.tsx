import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';

/** The header is 4rem tall (app-layout's header): toasts start just below it. */
const TOAST_TOP = 'calc(4rem + 12px)';
const TOAST_BOTTOM = 'calc(var(--bottom-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 12px)';

/** Data cache and toasts. When the session ends, one user's cached data goes with it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // Toasts never cover a control (decision 029): on wide screens top centre, just under the header
  // (whose search, menu and theme controls fill its whole height); on phones at the bottom, above the
  // sticky bottom bar when one is shown (it sets --bottom-bar-height) and the home indicator.
  const wide = useMediaQuery('(min-width: 768px)');

  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession()) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' });
      }),
    [],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Plain toasts: sonner's rich error colours fall below 4.5:1 contrast. */}
      <Toaster
        closeButton
        theme={theme}
        position={wide ? 'top-center' : 'bottom-center'}
        offset={wide ? { top: TOAST_TOP } : { bottom: TOAST_BOTTOM }}
        mobileOffset={{ bottom: TOAST_BOTTOM, left: 12, right: 12 }}
      />
    </QueryClientProvider>
  );
}

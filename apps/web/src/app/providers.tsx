import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';

/** Data cache and toasts. When the session ends, one user's cached data goes with it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // On phones the header's controls sit at the top; toasts go to the bottom so they never cover them.
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
      <Toaster closeButton theme={theme} position={wide ? 'bottom-right' : 'bottom-center'} />
    </QueryClientProvider>
  );
}

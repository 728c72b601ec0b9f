import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { loadSonner, whenSonnerWanted } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';

const TOAST_BOTTOM = 'calc(var(--bottom-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 12px)';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** True once a toast is wanted: the Toaster mounts then, not with the first page. */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenSonnerWanted(() => setWanted(true)), []);
  return wanted;
}

/**
 * Toasts. Their library loads with the first toast, or once a page under the data layout is idle, never
 * before /signin is interactive (decision 035). The data cache is mounted by the routes that use it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // Toasts never cover a control (decision 029) nor a page's title (decision 056): at the bottom, where
  // neither the header's controls nor the title are; on wide screens at the right, as most consoles put
  // them, on phones across the width, above the sticky bottom bar when one is shown (it sets
  // --bottom-bar-height) and the home indicator.
  const wide = useMediaQuery('(min-width: 768px)');
  const wanted = useToasterWanted();

  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          {/* Plain toasts: sonner's rich error colours fall below 4.5:1 contrast. */}
          <Toaster
            closeButton
            theme={theme}
            position={wide ? 'bottom-right' : 'bottom-center'}
            offset={{ bottom: TOAST_BOTTOM, right: 24 }}
            mobileOffset={{ bottom: TOAST_BOTTOM, left: 12, right: 12 }}
          />
        </Suspense>
      )}
    </>
  );
}

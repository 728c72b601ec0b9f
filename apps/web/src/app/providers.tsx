import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { loadSonner, whenSonnerWanted } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';

/** The header is 4rem tall (app-layout's header): toasts start just below it. */
const TOAST_TOP = 'calc(4rem + 12px)';
const TOAST_BOTTOM = 'calc(var(--bottom-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 12px)';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** True once a toast is wanted: the Toaster mounts then, not with the first page. */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenSonnerWanted(() => setWanted(true)), []);
  return wanted;
}

/**
 * Toasts. Their library loads with the first toast, or with any page under the data layout, never
 * before /signin is interactive (decision 035). The data cache is mounted by the routes that use it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // Toasts never cover a control (decision 029): on wide screens top centre, just under the header
  // (whose search, menu and theme controls fill its whole height); on phones at the bottom, above the
  // sticky bottom bar when one is shown (it sets --bottom-bar-height) and the home indicator.
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
            position={wide ? 'top-center' : 'bottom-center'}
            offset={wide ? { top: TOAST_TOP } : { bottom: TOAST_BOTTOM }}
            mobileOffset={{ bottom: TOAST_BOTTOM, left: 12, right: 12 }}
          />
        </Suspense>
      )}
    </>
  );
}

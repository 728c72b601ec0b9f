import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenSonnerWanted } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/** True once a toast is wanted: the Toaster mounts then, not with the first page. */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenSonnerWanted(() => setWanted(true)), []);
  return wanted;
}

/**
 * Toasts. Their library and the Toaster load with the first toast, or once a page under the data layout is idle,
 * never before /signin is interactive (decision 035). The data cache is mounted by the routes that use it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const wanted = useToasterWanted();
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}

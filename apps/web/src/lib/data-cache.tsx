import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The app's data cache for what it wraps. Mounted by the routes that read through it (every page
 * but /signin) and by the dialogs /signin loads later, so the first page loads without it (decision 035).
 */
export function DataCache({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

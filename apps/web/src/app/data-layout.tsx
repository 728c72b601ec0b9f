import { Outlet } from 'react-router';
import { DataCache } from '@/lib/data-cache';
import { loadSonner } from '@/lib/toast';

// The pages under this layout toast with sonner directly: the Toaster is wanted once it loads.
void loadSonner();

/** The routes under it read through the data cache; its chunk loads with theirs (decision 035). */
export function DataLayout() {
  return (
    <DataCache>
      <Outlet />
    </DataCache>
  );
}

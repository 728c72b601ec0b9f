import { Outlet } from 'react-router';
import { DataCache } from '@/lib/data-cache';

/** The routes under it read through the data cache; its chunk loads with theirs (decision 035). */
export function DataLayout() {
  return (
    <DataCache>
      <Outlet />
    </DataCache>
  );
}

import { Outlet } from 'react-router';
import { DataCache } from '@/lib/data-cache';
import { loadSonnerWhenIdle } from '@/lib/toast';

// The pages under this layout may toast after a failed request: the toast library loads once the page is idle,
// not with it (decision 084).
loadSonnerWhenIdle();

/** The routes under it read through the data cache; its chunk loads with theirs (decision 035). */
export function DataLayout() {
  return (
    <DataCache>
      <Outlet />
    </DataCache>
  );
}

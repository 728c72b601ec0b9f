import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RoleRoute } from '../route-guards';
import { ConsoleLayout } from './console-layout';
import { ConsoleNotFound } from './console-not-found';

// The warehouse console (staff and admins), composed from the domain features' staff pages. One chunk per page.
const StaffOverviewPage = lazy(() => import('./overview-page'));
const StaffReceivePage = lazy(() => import('@/features/packages/staff/pages/receive-page'));
const StaffPackagesPage = lazy(() => import('@/features/packages/staff/pages/packages-page'));
const StaffPhotoQueuePage = lazy(() => import('@/features/photo-requests/staff/pages/photo-queue-page'));
const StaffConsolidationsPage = lazy(() => import('@/features/shipments/staff/pages/consolidations-page'));
const StaffDispatchPage = lazy(() => import('@/features/shipments/staff/pages/dispatch-page'));
const StaffHostsPage = lazy(() => import('@/features/hosts/staff/pages/hosts-page'));
const StaffMailPage = lazy(() => import('@/features/notifications/staff/pages/mail-page'));

/** The console's routes under /staff: SPEC.md's warehouse screens. */
export const consoleRoutes: RouteObject = {
  // The warehouse console: anyone but staff and admins gets 'Page not found'.
  element: <RoleRoute roles={['staff', 'admin']} />,
  children: [
    {
      path: 'staff',
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <StaffOverviewPage /> },
        { path: 'receive', element: <StaffReceivePage /> },
        { path: 'packages', element: <StaffPackagesPage /> },
        { path: 'photo-requests', element: <StaffPhotoQueuePage /> },
        { path: 'consolidations', element: <StaffConsolidationsPage /> },
        { path: 'dispatch', element: <StaffDispatchPage /> },
        {
          element: <RoleRoute roles={['admin']} fallback={<ConsoleNotFound />} />,
          children: [
            { path: 'hosts', element: <StaffHostsPage /> },
            { path: 'mail', element: <StaffMailPage /> },
          ],
        },
        { path: '*', element: <ConsoleNotFound /> },
      ],
    },
  ],
};

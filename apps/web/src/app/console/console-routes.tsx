import type { RouteObject } from 'react-router';
import { page } from '../lazy-page';
import { RoleRoute } from '../route-guards';
import { ConsoleNotFound } from './console-not-found';

// The warehouse console (staff and admins), composed from the domain features' staff pages. One chunk per page.

/** The console's routes under /staff: SPEC.md's warehouse screens. */
export const consoleRoutes: RouteObject = {
  // The warehouse console: anyone but staff and admins gets 'Page not found'.
  element: <RoleRoute roles={['staff', 'admin']} />,
  children: [
    {
      path: 'staff',
      lazy: async () => ({ Component: (await import('./console-layout')).ConsoleLayout }),
      children: [
        { index: true, ...page(() => import('./overview-page')) },
        { path: 'receive', ...page(() => import('@/features/packages/staff/pages/receive-page')) },
        { path: 'packages', ...page(() => import('@/features/packages/staff/pages/packages-page')) },
        { path: 'unidentified', ...page(() => import('@/features/packages/staff/pages/unidentified-page')) },
        { path: 'photo-requests', ...page(() => import('@/features/photo-requests/staff/pages/photo-queue-page')) },
        { path: 'package-requests', ...page(() => import('@/features/package-requests/staff/pages/package-requests-page')) },
        { path: 'claims/:id?', ...page(() => import('@/features/claims/staff/pages/claims-page')) },
        { path: 'consolidations', ...page(() => import('@/features/shipments/staff/pages/consolidations-page')) },
        { path: 'dispatch', ...page(() => import('@/features/shipments/staff/pages/dispatch-page')) },
        { path: 'payments', ...page(() => import('@/features/payments/staff/pages/payments-page')) },
        { path: 'support/:id?', ...page(() => import('@/features/support/staff/pages/support-queue-page')) },
        {
          element: <RoleRoute roles={['admin']} fallback={<ConsoleNotFound />} />,
          children: [
            { path: 'hosts', ...page(() => import('@/features/hosts/staff/pages/hosts-page')) },
            { path: 'duty-rules', ...page(() => import('@/features/duties/staff/pages/duty-rules-page')) },
            { path: 'mail', ...page(() => import('@/features/notifications/staff/pages/mail-page')) },
            { path: 'jobs', ...page(() => import('@/features/jobs/staff/pages/jobs-page')) },
          ],
        },
        { path: '*', element: <ConsoleNotFound /> },
      ],
    },
  ],
};

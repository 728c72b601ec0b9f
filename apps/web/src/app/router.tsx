import { Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { dashboardSummaryQuery } from '@/features/dashboard/api/get-dashboard-summary';
import { activeHostsQuery } from '@/features/hosts/api/get-active-hosts';
import { prefetchWhenSignedIn } from '@/lib/query-client';
import { consoleRoutes } from './console/console-routes';
import { RouteErrorScreen } from './error-screen';
import { page } from './lazy-page';
import { CustomerRoute, ProtectedRoute, PublicOnlyRoute } from './route-guards';

/** The dashboard's counts and the hosts' addresses, asked for while its chunk loads. */
const prefetchDashboard = () =>
  prefetchWhenSignedIn((client) => {
    void client.prefetchQuery(dashboardSummaryQuery);
    void client.prefetchQuery(activeHostsQuery);
  });

function Root() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
      <ScrollRestoration />
    </Suspense>
  );
}

/** SPEC.md section 2's routes. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's chunks load.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'signin', ...page(() => import('@/features/auth/pages/sign-in-page')) },
          { path: 'signup', ...page(() => import('@/features/auth/pages/sign-up-page')) },
        ],
      },
      { path: 'reset-password', ...page(() => import('@/features/auth/pages/reset-password-page')) },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/',
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              {
                // Staff and admins are sent to the console instead.
                element: <CustomerRoute />,
                children: [
                  { index: true, loader: prefetchDashboard, ...page(() => import('./routes/dashboard-route')) },
                  { path: 'dashboard', loader: prefetchDashboard, ...page(() => import('./routes/dashboard-route')) },
                  { path: 'received-packages', ...page(() => import('./routes/received-packages-route')) },
                  { path: 'shipments-progress', ...page(() => import('@/features/shipments/pages/shipments-progress-page')) },
                  { path: 'sent-shipment', ...page(() => import('@/features/shipments/pages/sent-shipment-page')) },
                  { path: 'photo-requests', ...page(() => import('@/features/photo-requests/pages/photo-requests-page')) },
                  { path: 'addresses', ...page(() => import('@/features/addresses/pages/addresses-page')) },
                  {
                    path: 'user/shipment-payment-callback',
                    ...page(() => import('@/features/payments/pages/shipment-payment-callback-page')),
                  },
                  {
                    path: 'user/consolidation-payment-callback',
                    ...page(() => import('@/features/payments/pages/consolidation-payment-callback-page')),
                  },
                ],
              },
              { path: 'profile', ...page(() => import('./routes/profile-route')) },
            ],
          },
          consoleRoutes,
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
]);

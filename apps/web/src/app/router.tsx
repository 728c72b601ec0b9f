import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { addressesQuery } from '@/features/addresses/api/get-addresses';
import { dashboardSummaryQuery } from '@/features/dashboard/api/get-dashboard-summary';
import { activeHostsQuery } from '@/features/hosts/api/get-active-hosts';
import { receivedPackagesQuery } from '@/features/packages/api/get-received-packages';
import { photoRequestStatsQuery } from '@/features/photo-requests/api/get-photo-request-stats';
import { photoRequestsQuery } from '@/features/photo-requests/api/get-photo-requests';
import { consolidatedShipmentsQuery } from '@/features/shipments/api/get-consolidated-shipments';
import { sentShipmentsQuery } from '@/features/shipments/api/get-sent-shipments';
import { parseListParams } from '@/lib/list-params';
import { prefetchWhenSignedIn } from '@/lib/query-client';
import { consoleRoutes } from './console/console-routes';
import { RouteErrorScreen } from './error-screen';
import { page } from './lazy-page';
import { CustomerRoute, ProtectedRoute, PublicOnlyRoute } from './route-guards';

/**
 * A page's data, asked for while its chunk loads (a route `loader`), so the page renders with its data
 * rather than a spinner after its code (decision 019). Prefetching never fails a navigation: an error
 * stays in the cache for the page to show.
 */
const prefetch =
  (...starts: ((client: QueryClient) => Promise<void>)[]) =>
  () =>
    prefetchWhenSignedIn((client) => {
      for (const start of starts) void start(client);
    });

const prefetchDashboard = prefetch(
  (c) => c.prefetchQuery(dashboardSummaryQuery),
  (c) => c.prefetchQuery(activeHostsQuery),
);
/** The list page the address names (its page, size and search), as the page will ask for it. */
const prefetchReceivedPackages = ({ request }: LoaderFunctionArgs) => {
  const { page, pageSize, q } = parseListParams(new URL(request.url).searchParams);
  return prefetch((c) => c.prefetchQuery(receivedPackagesQuery({ page, pageSize, q })))();
};

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
                  {
                    path: 'received-packages',
                    loader: prefetchReceivedPackages,
                    ...page(() => import('./routes/received-packages-route')),
                  },
                  {
                    path: 'shipments-progress',
                    loader: prefetch((c) => c.prefetchQuery(consolidatedShipmentsQuery)),
                    ...page(() => import('@/features/shipments/pages/shipments-progress-page')),
                  },
                  {
                    path: 'sent-shipment',
                    loader: prefetch((c) => c.prefetchQuery(sentShipmentsQuery)),
                    ...page(() => import('@/features/shipments/pages/sent-shipment-page')),
                  },
                  {
                    path: 'photo-requests',
                    loader: prefetch(
                      (c) => c.prefetchQuery(photoRequestsQuery),
                      (c) => c.prefetchQuery(photoRequestStatsQuery),
                    ),
                    ...page(() => import('@/features/photo-requests/pages/photo-requests-page')),
                  },
                  {
                    path: 'addresses',
                    loader: prefetch((c) => c.prefetchQuery(addressesQuery)),
                    ...page(() => import('@/features/addresses/pages/addresses-page')),
                  },
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

import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { getSession } from '@/lib/session';
import { consoleRoutes } from './console/console-routes';
import { RouteErrorScreen } from './error-screen';
import { page } from './lazy-page';
import { CustomerRoute, ProtectedRoute, PublicOnlyRoute } from './route-guards';

/**
 * A page's data, asked for while its chunk loads (a route `loader`), so the page renders with its data
 * rather than a spinner after its code (decision 019). The code that asks (`page-data/`, with the data
 * cache and the API client) loads beside the page's chunks, not with the first page (decision 035).
 * Prefetching never fails a navigation: an error stays in the cache for the page to show, and if that
 * code cannot load, the page asks for its data itself.
 */
const prefetch =
  (load: () => Promise<{ prefetchPageData: (url: URL) => void }>) =>
  ({ request }: LoaderFunctionArgs) => {
    if (getSession()) {
      const url = new URL(request.url);
      load()
        .then(({ prefetchPageData }) => prefetchPageData(url))
        .catch(() => undefined);
    }
    return null;
  };

/** Routes that read through the data cache: its provider's chunk loads with theirs (decision 035). */
const withDataCache = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./data-layout')).DataLayout }),
  children,
});

/** The dashboard, at / and at /dashboard alike (SPEC.md section 2). */
const dashboardPage: Pick<RouteObject, 'loader' | 'lazy'> = {
  loader: prefetch(() => import('./page-data/dashboard')),
  ...page(() => import('./routes/dashboard-route')),
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
          // The page most first visits land on: it loads no data cache (decision 035).
          { path: 'signin', ...page(() => import('@/features/auth/pages/sign-in-page')) },
          withDataCache([{ path: 'signup', ...page(() => import('@/features/auth/pages/sign-up-page')) }]),
        ],
      },
      withDataCache([
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
                    { index: true, ...dashboardPage },
                    { path: 'dashboard', ...dashboardPage },
                    {
                      path: 'received-packages',
                      loader: prefetch(() => import('./page-data/received-packages')),
                      ...page(() => import('./routes/received-packages-route')),
                    },
                    {
                      path: 'shipments-progress',
                      loader: prefetch(() => import('./page-data/shipments-progress')),
                      ...page(() => import('@/features/shipments/pages/shipments-progress-page')),
                    },
                    {
                      path: 'sent-shipment',
                      loader: prefetch(() => import('./page-data/sent-shipments')),
                      ...page(() => import('@/features/shipments/pages/sent-shipment-page')),
                    },
                    {
                      path: 'photo-requests',
                      loader: prefetch(() => import('./page-data/photo-requests')),
                      ...page(() => import('@/features/photo-requests/pages/photo-requests-page')),
                    },
                    {
                      path: 'addresses',
                      loader: prefetch(() => import('./page-data/addresses')),
                      ...page(() => import('@/features/addresses/pages/addresses-page')),
                    },
                    { path: 'claims/:id?', ...page(() => import('@/features/claims/pages/claims-page')) },
                    { path: 'support/:id?', ...page(() => import('@/features/support/pages/support-page')) },
                    {
                      path: 'user/shipment-payment-callback',
                      ...page(() => import('@/features/payments/pages/shipment-payment-callback-page')),
                    },
                    {
                      path: 'user/consolidation-payment-callback',
                      ...page(() => import('@/features/payments/pages/consolidation-payment-callback-page')),
                    },
                    {
                      path: 'user/request-payment-callback',
                      ...page(() => import('@/features/payments/pages/request-payment-callback-page')),
                    },
                  ],
                },
                {
                  path: 'profile',
                  loader: prefetch(() => import('./page-data/profile')),
                  ...page(() => import('./routes/profile-route')),
                },
              ],
            },
            consoleRoutes,
          ],
        },
      ]),
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
]);

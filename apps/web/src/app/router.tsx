import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { consoleRoutes } from './console/console-routes';
import { RouteErrorScreen } from './error-screen';
import { AppLayout } from './layout/app-layout';
import { CustomerRoute, ProtectedRoute, PublicOnlyRoute } from './route-guards';

// One chunk per page.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page'));
const SignUpPage = lazy(() => import('@/features/auth/pages/sign-up-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const DashboardPage = lazy(() => import('./routes/dashboard-route'));
const ReceivedPackagesPage = lazy(() => import('./routes/received-packages-route'));
const ShipmentsProgressPage = lazy(() => import('@/features/shipments/pages/shipments-progress-page'));
const SentShipmentPage = lazy(() => import('@/features/shipments/pages/sent-shipment-page'));
const PhotoRequestsPage = lazy(() => import('@/features/photo-requests/pages/photo-requests-page'));
const AddressesPage = lazy(() => import('@/features/addresses/pages/addresses-page'));
const ProfilePage = lazy(() => import('./routes/profile-route'));
const ShipmentPaymentCallbackPage = lazy(() => import('@/features/payments/pages/shipment-payment-callback-page'));
const ConsolidationPaymentCallbackPage = lazy(() => import('@/features/payments/pages/consolidation-payment-callback-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

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
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'signup', element: <SignUpPage /> },
        ],
      },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/',
            element: <AppLayout />,
            children: [
              {
                // Staff and admins are sent to the console instead.
                element: <CustomerRoute />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  { path: 'dashboard', element: <DashboardPage /> },
                  { path: 'received-packages', element: <ReceivedPackagesPage /> },
                  { path: 'shipments-progress', element: <ShipmentsProgressPage /> },
                  { path: 'sent-shipment', element: <SentShipmentPage /> },
                  { path: 'photo-requests', element: <PhotoRequestsPage /> },
                  { path: 'addresses', element: <AddressesPage /> },
                  { path: 'user/shipment-payment-callback', element: <ShipmentPaymentCallbackPage /> },
                  { path: 'user/consolidation-payment-callback', element: <ConsolidationPaymentCallbackPage /> },
                ],
              },
              { path: 'profile', element: <ProfilePage /> },
            ],
          },
          consoleRoutes,
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { ConsoleNotFound } from '@/features/staff/components/console-not-found';
import { RouteErrorScreen } from './error-screen';
import { AppLayout } from './layout/app-layout';
import { CustomerRoute, ProtectedRoute, PublicOnlyRoute, RoleRoute } from './route-guards';

// One chunk per page.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page'));
const SignUpPage = lazy(() => import('@/features/auth/pages/sign-up-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const ReceivedPackagesPage = lazy(() => import('@/features/packages/pages/received-packages-page'));
const ShipmentsProgressPage = lazy(() => import('@/features/shipments/pages/shipments-progress-page'));
const SentShipmentPage = lazy(() => import('@/features/shipments/pages/sent-shipment-page'));
const PhotoRequestsPage = lazy(() => import('@/features/photo-requests/pages/photo-requests-page'));
const AddressesPage = lazy(() => import('@/features/addresses/pages/addresses-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const ShipmentPaymentCallbackPage = lazy(() => import('@/features/payments/pages/shipment-payment-callback-page'));
const ConsolidationPaymentCallbackPage = lazy(() => import('@/features/payments/pages/consolidation-payment-callback-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
// The warehouse console (staff and admins).
const StaffOverviewPage = lazy(() => import('@/features/staff/pages/overview-page'));
const StaffReceivePage = lazy(() => import('@/features/staff/pages/receive-page'));
const StaffPackagesPage = lazy(() => import('@/features/staff/pages/staff-packages-page'));
const StaffPhotoQueuePage = lazy(() => import('@/features/staff/pages/photo-queue-page'));
const StaffConsolidationsPage = lazy(() => import('@/features/staff/pages/consolidations-page'));
const StaffDispatchPage = lazy(() => import('@/features/staff/pages/dispatch-page'));
const StaffHostsPage = lazy(() => import('@/features/staff/pages/hosts-page'));
const StaffMailPage = lazy(() => import('@/features/staff/pages/mail-page'));

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
          {
            // The warehouse console: anyone but staff and admins gets 'Page not found'.
            element: <RoleRoute roles={['staff', 'admin']} />,
            children: [
              {
                path: 'staff',
                element: <AppLayout />,
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
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

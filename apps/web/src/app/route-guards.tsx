import type { Role } from '@hopbox/contracts/constants';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { expireSession, REFRESH_MARGIN_MS, refreshSession } from '@/lib/api-client';
import { isTokenExpired, msUntilExpiry } from '@/lib/jwt';
import { DEFAULT_AFTER_SIGN_IN, returnToFromState } from '@/lib/return-to';
import { isStaffRole } from '@/lib/roles';
import { sessionEndReason } from '@/lib/session';
import { useSession } from '@/lib/use-session';

const NotFoundPage = lazy(() => import('./not-found-page'));

/** Where the warehouse console starts; staff and admins land here after signing in. */
export const STAFF_HOME = '/staff';

/**
 * Keeps the access token fresh: a refresh a minute before it expires. The API client also
 * refreshes before a call and after a 401, so a sleeping laptop is covered as well.
 */
function useTokenRefresh(token: string | undefined) {
  useEffect(() => {
    if (!token) return;
    const left = msUntilExpiry(token);
    if (left === null) return;
    const timer = window.setTimeout(
      () => {
        void refreshSession(token).then((result) => {
          if (result === 'failed') expireSession();
        });
      },
      Math.max(left - REFRESH_MARGIN_MS, 0),
    );
    return () => window.clearTimeout(timer);
  }, [token]);
}

/**
 * Pages that need a session. Without one the visitor goes to /signin, which remembers this
 * location (unless they just signed out). An expired token is refreshed before the page shows.
 */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  const [offline, setOffline] = useState(false);
  const expired = session ? isTokenExpired(session.token) : false;
  useTokenRefresh(session && !expired ? session.token : undefined);

  useEffect(() => {
    if (!session || !expired) return;
    let cancelled = false;
    void refreshSession(session.token).then((result) => {
      if (cancelled) return;
      if (result === 'failed') expireSession();
      if (result === 'offline') setOffline(true);
    });
    return () => {
      cancelled = true;
    };
  }, [session, expired]);

  if (!session) {
    const state =
      sessionEndReason() === 'signout'
        ? undefined
        : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/signin" replace state={state} />;
  }
  if (expired && !offline) return <FullPageSpinner />;
  return <Outlet />;
}

/**
 * /signin and /signup: a signed-in visitor goes on to the remembered page, or to /dashboard
 * (customers) or /staff (staff and admins).
 */
export function PublicOnlyRoute() {
  const session = useSession();
  const location = useLocation();
  if (session) {
    const target = returnToFromState(location.state);
    const home = isStaffRole(session.user.role) && target === DEFAULT_AFTER_SIGN_IN ? STAFF_HOME : target;
    return <Navigate to={home} replace />;
  }
  return <Outlet />;
}

/**
 * Pages only some roles may open (inside ProtectedRoute). Anyone else gets 'Page not found'
 * (or `fallback`, e.g. the same message inside the console's layout), so the pages do not even
 * admit to existing.
 */
export function RoleRoute({ roles, fallback }: { roles: readonly Role[]; fallback?: ReactNode }) {
  const session = useSession();
  if (!session || !roles.includes(session.user.role)) return fallback ?? <NotFoundPage />;
  return <Outlet />;
}

/** The customer portal's pages: staff and admins are sent to the warehouse console instead. */
export function CustomerRoute() {
  const session = useSession();
  if (session && isStaffRole(session.user.role)) return <Navigate to={STAFF_HOME} replace />;
  return <Outlet />;
}

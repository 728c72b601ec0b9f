import { lazy, type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '@/components/spinner';
import { enrolmentRequired } from '@/lib/session';
import { useSession } from '@/lib/use-session';

// Loaded only for an account that must enrol.
const TwoFactorSetupPage = lazy(() => import('@/features/auth/pages/two-factor-setup-page'));

/**
 * A staff or admin account without a second factor (a sign-in without the code step, or any API answer 403
 * MFA_REQUIRED) sees the enrolment page in place of the page it opened, and that page once it has enrolled
 * (decision 049).
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  // Follows the session, which requireEnrolment announces.
  useSession();
  if (!enrolmentRequired()) return children;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <TwoFactorSetupPage />
    </Suspense>
  );
}

import { LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { QueryLoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { isStaffRole } from '@/lib/roles';
import { requireEnrolment } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { useSecondFactor } from '../api/second-factor';
import { signOut } from '../api/sign-out';
import { AuthLayout } from '../components/auth-layout';
import { TotpEnrolment } from '../components/totp-enrolment';

/**
 * /two-factor/setup: where a staff or admin account without a second factor is sent after signing in, and by any
 * API answer 403 MFA_REQUIRED (decision 049). It enrols an authenticator app, shows the recovery codes once,
 * then goes on to the console. A session opened before the account had its factor must sign in again.
 */
export default function TwoFactorSetupPage() {
  const session = useSession();
  const status = useSecondFactor();
  const navigate = useNavigate();
  const home = session && isStaffRole(session.user.role) ? '/staff' : '/dashboard';

  const leave = async () => {
    requireEnrolment(false);
    await signOut();
  };
  const finish = () => {
    requireEnrolment(false);
    navigate(home, { replace: true });
  };

  const data = status.data;
  return (
    <AuthLayout
      tabTitle="Set up two-factor authentication"
      title="Set up two-factor authentication"
      subtitle={
        data?.required === false
          ? 'Protect your account with a code from your phone as well as your password.'
          : 'Staff and admin accounts reach every customer’s parcels and payments, so they sign in with a code from an authenticator app as well as the password.'
      }
      footer={
        <button
          type="button"
          onClick={leave}
          className="inline-flex items-center gap-1.5 rounded font-medium text-accent-fg hover:underline"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign out
        </button>
      }
    >
      {status.isPending && <Spinner className="py-10" />}
      <QueryLoadError query={status} />
      {data?.totp.enabled && !data.sessionVerified && (
        <div className="space-y-4">
          <Alert tone="warning">
            Two-factor authentication is already on for this account, but this session started before it was. Sign in again with a code from
            your authenticator app.
          </Alert>
          <Button className="w-full" onClick={leave}>
            Sign in again
          </Button>
        </div>
      )}
      {data?.totp.enabled && data.sessionVerified && (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-sm text-fg">
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            Two-factor authentication is on for this account.
          </p>
          <Button className="w-full" onClick={finish}>
            Continue
          </Button>
        </div>
      )}
      {data && !data.totp.enabled && <TotpEnrolment finishLabel="Continue" onFinished={finish} />}
    </AuthLayout>
  );
}

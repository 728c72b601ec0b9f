import { TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { MfaChallenge } from '@hopbox/contracts/second-factor-rules';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { PasswordField, TextField } from '@/components/form-field';
import { errorMessage } from '@/lib/api-errors';
import { useAppConfig } from '@/lib/app-config';
import { requireEnrolment, saveSession } from '@/lib/session';
import { preloadToasts, toast } from '@/lib/toast';
import { isMfaChallenge, type SignedIn, signIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { useSignInForm } from '../hooks/use-sign-in-form';

// The dialog (and its dialog library) loads when it is wanted: on the first hover, focus or click of
// "Forgot password?", not with the page (decision 019).
const loadForgotPassword = () => import('../components/forgot-password-modal');
const ForgotPasswordModal = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordModal })));
// The code step loads when sign-in answers it (an account with a second factor, decision 049).
const SecondFactorStep = lazy(() => import('../components/second-factor-step'));

/** Past this the toast library is taken to be out of reach (the network gone), and the visitor goes on without it. */
const TOAST_WAIT_MAX_MS = 1000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SPEC.md: "Sign in successful! Redirecting..." for 2 s, and the dashboard about 100 ms after it. The toast is shown
 * on the sign-in page first, and only then is the session stored, which sends the visitor on (the public-route
 * guard): the toast is up while it says something true, and never first seen on the page it announced (decision 093).
 * An account sent to enrol a second factor is not signed in to anything yet, and gets no toast. It lives in the page's
 * own module, not beside it, so the pages that share the auth modules' chunk do not load it (decision 087).
 */
async function enterSignedIn({ session, enrol }: SignedIn): Promise<void> {
  if (!enrol) {
    const shown = toast.success(messages.auth.signInSuccess, { duration: TIMINGS.signInSuccessToast }).catch(() => undefined);
    await Promise.race([shown, wait(TOAST_WAIT_MAX_MS)]);
    // sonner draws a toast from a timer of its own: the 100 ms count from the toast on screen.
    await wait(0);
    await wait(TIMINGS.signInRedirect);
  }
  requireEnrolment(enrol);
  saveSession(session);
}

/**
 * /signin. On success the toast is shown, then the session is stored and the public-route guard sends the user on
 * to the remembered page or /dashboard, so there is one redirect rule, not two. The page loads no form,
 * schema, data-cache or toast library before it is interactive (decision 035).
 */
export default function SignInPage() {
  const { brandName } = useAppConfig();
  const location = useLocation();
  const prefill = (location.state as { email?: string } | null)?.email;
  const form = useSignInForm(prefill ?? '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotWanted, setForgotWanted] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    setPending(true);
    // The toast's library loads while the password is checked, so the toast is up before the move (decision 093).
    preloadToasts();
    try {
      const step = await signIn(input);
      if (isMfaChallenge(step)) setChallenge(step);
      else await enterSignedIn(step);
    } catch (err) {
      setFailure(errorMessage(err, messages.auth.loginFailed));
    } finally {
      setPending(false);
    }
  });

  if (challenge)
    return (
      <AuthLayout
        tabTitle="Two-factor authentication"
        title="Two-factor authentication"
        footer={
          <button type="button" onClick={() => setChallenge(null)} className="rounded font-medium text-accent-fg hover:underline">
            Back to sign in
          </button>
        }
      >
        <Suspense fallback={null}>
          <SecondFactorStep challenge={challenge} onSignedIn={enterSignedIn} onRestart={() => setChallenge(null)} />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout
      tabTitle="Sign in"
      title="Sign in to your account"
      subtitle={`Welcome back to ${brandName}. Enter your details to continue.`}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-medium text-accent-fg hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <FailureForm onSubmit={submit} failure={failure}>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          labelAside={
            <button
              type="button"
              onPointerEnter={loadForgotPassword}
              onFocus={loadForgotPassword}
              onClick={() => {
                setForgotWanted(true);
                setForgotOpen(true);
              }}
              className="rounded text-sm font-medium text-accent-fg hover:underline"
            >
              Forgot password?
            </button>
          }
          {...form.field('password')}
        />
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </FailureForm>
      {forgotWanted && (
        <Suspense fallback={null}>
          <ForgotPasswordModal isOpen={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={form.values.email} />
        </Suspense>
      )}
    </AuthLayout>
  );
}

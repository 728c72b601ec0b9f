import { signInSchema } from '@hopbox/contracts/auth';
import { TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { PasswordField, TextField } from '@/components/form-field';
import { errorMessage } from '@/lib/api-errors';
import { useAppConfig } from '@/lib/app-config';
import { useZodForm } from '@/lib/forms';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';

// The dialog (and its dialog library) loads when it is wanted: on the first hover, focus or click of
// "Forgot password?", not with the page (decision 019).
const loadForgotPassword = () => import('../components/forgot-password-modal');
const ForgotPasswordModal = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordModal })));

/**
 * /signin. On success the session is stored and the public-route guard sends the user on to the
 * remembered page or /dashboard, so there is one redirect rule, not two.
 */
export default function SignInPage() {
  const { brandName } = useAppConfig();
  const location = useLocation();
  const prefill = (location.state as { email?: string } | null)?.email;
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotWanted, setForgotWanted] = useState(false);
  const form = useZodForm(signInSchema, { defaultValues: { email: prefill ?? '', password: '' } });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await signIn.mutateAsync({ email, password });
      toast.success(messages.auth.signInSuccess, { duration: TIMINGS.signInSuccessToast });
    } catch (err) {
      setFailure(errorMessage(err, messages.auth.loginFailed));
    }
  });

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
        <TextField label="Email" type="email" autoComplete="email" {...form.input('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
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
        <Button type="submit" size="lg" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </FailureForm>
      {forgotWanted && (
        <Suspense fallback={null}>
          <ForgotPasswordModal isOpen={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={form.getValues('email')} />
        </Suspense>
      )}
    </AuthLayout>
  );
}

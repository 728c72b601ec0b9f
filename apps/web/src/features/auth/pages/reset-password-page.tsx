import { resetPasswordFormSchema } from '@hopbox/contracts/auth';
import { TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { PasswordField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage, hasErrorCode } from '@/lib/api-errors';
import { useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useResetPassword, useVerifyResetToken } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

const backToSignIn = (
  <Link to="/signin" className={buttonClasses('primary', 'lg', 'w-full')}>
    Back to Sign In
  </Link>
);

function InvalidLink({ reason }: { reason: string }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 font-medium text-fg">{messages.auth.resetLinkInvalid}</p>
        <p className="mt-1 text-sm text-muted">{reason}</p>
        <p className="mt-3 text-sm text-muted">Use &lsquo;Forgot password?&rsquo; on the sign-in page to get a new link.</p>
      </div>
      {backToSignIn}
    </div>
  );
}

/** /reset-password?token=…: verifying, invalid link, form, success (then /signin after 3 s). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const verify = useVerifyResetToken(token);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [tokenRejected, setTokenRejected] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const _errors = form.formState.errors;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      setDone(true);
      toast.success(messages.auth.resetSuccess);
      timer.current = window.setTimeout(() => navigate('/signin', { replace: true }), TIMINGS.resetRedirect);
    } catch (err) {
      if (hasErrorCode(err, 'RESET_TOKEN_INVALID') || (err instanceof ApiError && err.field === 'token')) setTokenRejected(true);
      // A password the server refuses (e.g. a common one) is shown on its field.
      else if (err instanceof ApiError && err.field === 'newPassword')
        form.setError('newPassword', { message: err.message }, { shouldFocus: true });
      else setFailure(errorMessage(err, messages.auth.resetFailed));
    }
  });

  let body: ReactNode;
  let showFooter = false;
  if (!token) {
    body = <InvalidLink reason={messages.auth.resetTokenMissing} />;
  } else if (verify.isPending) {
    showFooter = true;
    body = <Spinner label="Verifying your reset link..." className="py-10" />;
  } else if (verify.isError || tokenRejected) {
    const reason =
      tokenRejected || hasErrorCode(verify.error, 'RESET_TOKEN_INVALID', 'VALIDATION_FAILED')
        ? messages.auth.resetTokenInvalid
        : messages.auth.resetVerifyFailed;
    body = <InvalidLink reason={reason} />;
  } else if (done) {
    body = (
      <div className="space-y-6 text-center">
        <div className="flex flex-col items-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
            <CircleCheck className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 font-medium text-fg" role="status">
            {messages.auth.resetSuccess}
          </p>
          <p className="mt-1 text-sm text-muted">Taking you to the sign-in page...</p>
        </div>
        {backToSignIn}
      </div>
    );
  } else {
    showFooter = true;
    body = (
      <FailureForm onSubmit={submit} failure={failure}>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint="At least 6 characters, with a letter and a number."
          {...form.input('newPassword')}
        />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.input('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </FailureForm>
    );
  }

  return (
    <AuthLayout
      tabTitle="Reset password"
      title={showFooter ? 'Choose a new password' : 'Reset your password'}
      subtitle={showFooter ? 'Your new password signs you out everywhere else.' : undefined}
      footer={
        showFooter && (
          <Link to="/signin" className="font-medium text-accent-fg hover:underline">
            Back to sign in
          </Link>
        )
      }
    >
      {body}
    </AuthLayout>
  );
}

import { forgotPasswordSchema } from '@hopbox/contracts/auth';
import { messages } from '@hopbox/contracts/messages';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { DataCache } from '@/lib/data-cache';
import { useZodForm } from '@/lib/forms';
import { useRequestPasswordReset } from '../api/forgot-password';

interface ForgotPasswordProps {
  isOpen: boolean;
  onClose: () => void;
  initialEmail?: string;
}

/** 'Forgot password?' on /signin, which has no data cache of its own: the dialog brings it (decision 035). */
export function ForgotPasswordModal(props: ForgotPasswordProps) {
  return (
    <DataCache>
      <ForgotPasswordDialog {...props} />
    </DataCache>
  );
}

/** Asks for the email and mails a reset link. */
function ForgotPasswordDialog({ isOpen, onClose, initialEmail }: ForgotPasswordProps) {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: initialEmail ?? '' } });

  useEffect(() => {
    if (isOpen) form.reset({ email: initialEmail ?? '' });
  }, [isOpen, initialEmail, form.reset]);

  const close = () => {
    onClose();
    setSent(null);
    setFailure(null);
    request.reset();
  };

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      setSent(await request.mutateAsync(email));
    } catch (err) {
      setFailure(err instanceof ApiError && !err.generic && err.status !== 0 ? errorMessage(err) : messages.auth.forgotFailed);
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Reset your password"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <div className="space-y-5">
          <Alert tone="success">{sent}</Alert>
          <div className="flex justify-end">
            <Button onClick={close}>Close</Button>
          </div>
        </div>
      ) : (
        <FailureForm onSubmit={submit} failure={failure}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.field('email')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send instructions
            </Button>
          </div>
        </FailureForm>
      )}
    </Modal>
  );
}

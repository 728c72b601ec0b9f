import type { changePasswordFormSchema } from '@hopbox/contracts/auth';
import { PASSWORD_MIN_LENGTH, type Role, STAFF_PASSWORD_MIN_LENGTH } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { FailureForm } from '@/components/failure-form';
import { PasswordField } from '@/components/form-field';
import { showSubmitFailure } from '@/lib/form-fields';
import { useLazyZodForm } from '@/lib/lazy-form';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

const FIELDS: readonly string[] = ['currentPassword', 'newPassword'];
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const loadSchema = async () => (await import('@hopbox/contracts/auth')).changePasswordFormSchema;

/**
 * The password change: the current password, and a new one under the reset page's rules (staff and
 * admins need a longer one; the server also refuses common passwords and its message shows on the field).
 */
export function ChangePasswordCard({ role }: { role?: Role }) {
  const minLength = role && role !== 'user' ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
  const change = useChangePassword();
  // The schema (and zod) load when the form is first submitted, not with the page (decision 085).
  const form = useLazyZodForm<typeof changePasswordFormSchema>(loadSchema, { defaultValues: EMPTY });
  const _errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast.success(messages.auth.passwordChanged);
      form.reset(EMPTY);
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, messages.auth.passwordChangeFailed);
    }
  });

  return (
    <TitledCard
      id="change-password"
      className="scroll-mt-24"
      title="Change Password"
      description="Other devices signed in to your account will be signed out."
    >
      <FailureForm onSubmit={submit} failure={form.failure} className="max-w-md px-5 py-5 sm:px-6">
        <PasswordField label="Current Password" autoComplete="current-password" {...form.input('currentPassword')} />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint={`At least ${minLength} characters, with a letter and a number; not a common password.`}
          {...form.input('newPassword')}
        />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.input('confirmPassword')} />
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </FailureForm>
    </TitledCard>
  );
}

import { type Profile, type ProfileUpdateInput, profileUpdateSchema } from '@hopbox/contracts/auth';
import { ROLE_LABELS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { useEffect } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions, PasswordField, PhoneField, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS: readonly string[] = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'];

function valuesOf(profile: Profile): ProfileUpdateInput {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone ?? '',
    currentPassword: '',
  };
}

/** The email field differs from the account's (the API compares without case or surrounding spaces). */
const emailChanged = (typed: string | undefined, current: string) => (typed ?? '').trim().toLowerCase() !== current.toLowerCase();

/** 'Edit Profile': name, email and phone; the role is shown but cannot be changed. */
export function EditProfileModal({ profile, isOpen, onClose }: { profile: Profile; isOpen: boolean; onClose: () => void }) {
  const update = useUpdateProfile();
  const form = useZodForm(profileUpdateSchema, { defaultValues: valuesOf(profile) });
  const _errors = form.formState.errors;
  const askPassword = emailChanged(form.watch('email'), profile.email);

  useEffect(() => {
    if (isOpen) form.reset(valuesOf(profile));
  }, [isOpen, profile, form.reset]);

  const submit = form.handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      // The password goes only with a new email, which is when the API asks for it.
      await update.mutateAsync(askPassword ? { ...values, currentPassword } : values);
      toast.success(messages.profile.updated);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS, messages.profile.updateFailed);
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Edit Profile" maxWidth="max-w-lg">
      <FailureForm onSubmit={submit} failure={form.failure}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" {...form.input('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.input('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...form.input('email')} />
        {askPassword && (
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            hint="Needed to change your email. We will tell your old address, and sign out your other devices."
            {...form.input('currentPassword')}
          />
        )}
        <PhoneField label="Mobile Number" autoComplete="tel" readIn="your country" {...form.input('phone')} />
        <TextField
          label="Role"
          value={ROLE_LABELS[profile.role] ?? 'User'}
          readOnly
          hint="Your role is set by your account and cannot be changed."
        />
        <FormActions onCancel={onClose} pending={update.isPending} submitLabel={'Save Changes'} />
      </FailureForm>
    </Modal>
  );
}

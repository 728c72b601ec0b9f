import { GENDERS, TIMINGS } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { readSignInResponse } from '@hopbox/contracts/session-user';
import { type SignUpInput, signUpSchema } from '@hopbox/contracts/sign-up';
import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { Link, type NavigateFunction, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { PasswordField, PhoneField, SelectField, TextField } from '@/components/form-field';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { useAppConfig } from '@/lib/app-config';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { capitalize } from '@/lib/format';
import { useZodForm } from '@/lib/forms';
import { optionsOf } from '@/lib/select-options';
import { type Session, saveSession } from '@/lib/session';
import { useSignUp } from '../api/sign-up';
import { AuthLayout } from '../components/auth-layout';

const FIELDS: readonly Path<SignUpInput>[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'gender',
  'country',
  'password',
  'retypePassword',
];

function isFormField(name: string | undefined): name is Path<SignUpInput> {
  return FIELDS.includes(name as Path<SignUpInput>);
}

/**
 * SPEC.md: after sign-up the page goes to /signin. The new account's session is stored once /signin is reached, so
 * the sign-in page does what it does for any signed-in visitor and takes the customer on to the dashboard, signed in
 * (decision 092). Without a session in the answer, the sign-in form opens with the email filled in.
 */
async function goToSignIn(navigate: NavigateFunction, email: string, session: Session | null) {
  await navigate('/signin', { state: { email } });
  if (session) saveSession(session);
}

/** /signup: a customer account; the server checks the same contracts schema. */
export default function SignUpPage() {
  const { brandName } = useAppConfig();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const form = useZodForm(signUpSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      gender: '' as SignUpInput['gender'],
      country: '',
      password: '',
      retypePassword: '',
    },
  });
  const _errors = form.formState.errors;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = readSignInResponse(await signUp.mutateAsync(values));
      setRegistered(true);
      timer.current = window.setTimeout(() => void goToSignIn(navigate, values.email, session), TIMINGS.signUpRedirect);
    } catch (err) {
      if (err instanceof ApiError && isFormField(err.field)) {
        form.setError(err.field, { message: err.message }, { shouldFocus: true });
      } else {
        setFailure(err instanceof ApiError ? errorMessage(err, messages.auth.registrationFailed) : messages.auth.registrationError);
      }
    }
  });

  const busy = signUp.isPending || registered;

  return (
    <AuthLayout
      wide
      tabTitle="Sign up"
      title="Create your account"
      subtitle={`Get your personal ${brandName} locker and start shipping in minutes.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-medium text-accent-fg hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <FailureForm onSubmit={submit} failure={failure}>
        {registered && (
          <Alert tone="success" reveal>
            {messages.auth.registrationSuccess}
          </Alert>
        )}
        <fieldset disabled={registered} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your details</legend>
          <TextField label="First Name" autoComplete="given-name" {...form.input('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.input('lastName')} />
          <TextField label="Email" type="email" autoComplete="email" {...form.input('email')} />
          <PhoneField label="Mobile Number" autoComplete="tel" readIn="the country you choose" {...form.input('phoneNumber')} />
          <SelectField label="Gender" placeholder="Select gender" options={optionsOf(GENDERS, capitalize)} {...form.input('gender')} />
          <SelectField
            label="Country"
            autoComplete="country-name"
            placeholder="Select country"
            options={COUNTRY_OPTIONS}
            {...form.input('country')}
          />
          <PasswordField label="Password" autoComplete="new-password" {...form.input('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" {...form.input('retypePassword')} />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" loading={signUp.isPending} disabled={busy}>
          {signUp.isPending ? 'Signing Up...' : 'Sign Up'}
        </Button>
      </FailureForm>
    </AuthLayout>
  );
}

import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import { codeProblem, type MfaChallenge, type MfaMethod, normalizeCode } from '@hopbox/contracts/second-factor-rules';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { errorMessage, hasErrorCode } from '@/lib/api-errors';
import { preloadToasts } from '@/lib/toast';
import type { SignedIn } from '../api/sign-in';
import { verifySecondFactor } from '../api/verify-second-factor';
import { CodeField } from './code-field';

/**
 * Sign-in's second step (decision 049), inside the sign-in page's layout: the code of the authenticator app, or a
 * recovery code. Loaded only when sign-in answers it, so /signin stays as light as before. A spent or expired
 * mfaToken sends the visitor back to the password.
 */
export default function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: MfaChallenge;
  /** The sign-in page's way in (`enterSignedIn`), handed down so this lazy step does not share a chunk with it. */
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState<MfaMethod>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const canUseRecovery = challenge.methods.includes('recovery_code');

  const switchMethod = () => {
    setMethod((current) => (current === 'totp' ? 'recovery_code' : 'totp'));
    setCode('');
    setFieldError(undefined);
    setFailure(null);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code, method);
    if (problem) {
      setFieldError(problem);
      input.current?.focus();
      return;
    }
    setFailure(null);
    setPending(true);
    preloadToasts();
    try {
      await onSignedIn(await verifySecondFactor({ mfaToken: challenge.mfaToken, code: normalizeCode(code) }));
    } catch (err) {
      setExpired(hasErrorCode(err, 'MFA_TOKEN_INVALID'));
      setFailure(errorMessage(err, secondFactorMessages.verifyFailed));
      setCode('');
      input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  const totp = method === 'totp';
  return (
    <FailureForm onSubmit={submit} failure={failure}>
      <p className="text-sm text-muted">
        {totp
          ? 'Open your authenticator app and enter the 6-digit code it shows for this account.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'}
      </p>
      {expired ? (
        <Button type="button" size="lg" className="w-full" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <>
          <CodeField
            ref={input}
            key={method}
            method={method}
            name="code"
            autoFocus
            value={code}
            error={fieldError}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldError(undefined);
            }}
          />
          <Button type="submit" size="lg" className="w-full" loading={pending}>
            {pending ? 'Verifying...' : 'Verify'}
          </Button>
          {canUseRecovery && (
            <button
              type="button"
              onClick={switchMethod}
              className="mx-auto block rounded text-sm font-medium text-accent-fg hover:underline"
            >
              {totp ? 'Use a recovery code' : 'Use your authenticator app'}
            </button>
          )}
        </>
      )}
    </FailureForm>
  );
}

import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import { codeProblem, normalizeCode } from '@hopbox/contracts/second-factor-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import QRCode from 'react-qr-code';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CopyButton } from '@/components/copy-button';
import { FailureForm } from '@/components/failure-form';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-errors';
import { type Confirmation, useEnableTotp, useSetUpTotp } from '../api/second-factor';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/** A setup key as apps show it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolling an authenticator app (decision 049): a new secret as a QR code and as a setup key to type, the first
 * code to turn it on, then the recovery codes, shown once. `confirmation` replaces a factor that is on.
 */
export function TotpEnrolment({
  confirmation,
  finishLabel,
  onFinished,
}: {
  confirmation?: Confirmation;
  finishLabel: string;
  onFinished: () => void;
}) {
  const setup = useSetUpTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: a second set-up would replace the secret the QR code shows.
    if (started.current) return;
    started.current = true;
    setup.mutate(confirmation);
  }, [setup, confirmation]);

  if (enable.data) return <RecoveryCodes codes={enable.data.recoveryCodes} finishLabel={finishLabel} onFinished={onFinished} />;
  if (setup.isError)
    return (
      <div className="space-y-4">
        <Alert tone="error">{errorMessage(setup.error, secondFactorMessages.setupFailed)}</Alert>
        <Button variant="secondary" onClick={() => setup.mutate(confirmation)}>
          Try again
        </Button>
      </div>
    );
  if (!setup.data) return <Spinner label="Preparing your setup key..." className="py-10" />;

  const { secret, otpauthUri } = setup.data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code, 'totp');
    if (problem) {
      setFieldError(problem);
      input.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await enable.mutateAsync(normalizeCode(code));
    } catch (err) {
      setFailure(errorMessage(err, secondFactorMessages.setupFailed));
      setCode('');
      input.current?.focus();
    }
  };

  return (
    <div className="space-y-6">
      <ol className="space-y-6 text-sm text-fg">
        <li className="space-y-3">
          <p>
            <span className="font-semibold">1. Scan this QR code</span> with an authenticator app (Google Authenticator, Microsoft
            Authenticator, 1Password, Bitwarden…).
          </p>
          <div className="flex justify-center">
            <div className="rounded-xl bg-white p-3 ring-1 ring-line">
              <QRCode value={otpauthUri} size={168} level="M" role="img" aria-label="QR code of your setup key" />
            </div>
          </div>
          <div className="rounded-xl border border-line bg-subtle px-4 py-3">
            <p className="text-muted">Can&apos;t scan it? Enter this setup key in the app instead:</p>
            <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
              <code className="font-mono text-sm font-semibold tracking-wider text-fg">{grouped(secret)}</code>
              <CopyButton value={secret} label="Setup key" showLabel />
            </div>
          </div>
        </li>
        <li className="space-y-3">
          <p>
            <span className="font-semibold">2. Enter the 6-digit code</span> the app now shows for this account.
          </p>
          <FailureForm onSubmit={submit} failure={failure}>
            <CodeField
              ref={input}
              method="totp"
              name="code"
              value={code}
              error={fieldError}
              onChange={(event) => {
                setCode(event.target.value);
                setFieldError(undefined);
              }}
            />
            <Button type="submit" className="w-full" loading={enable.isPending}>
              {enable.isPending ? 'Turning on...' : 'Turn on two-factor authentication'}
            </Button>
          </FailureForm>
        </li>
      </ol>
    </div>
  );
}

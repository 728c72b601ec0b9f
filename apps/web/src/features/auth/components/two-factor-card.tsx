import { messages } from '@hopbox/contracts/messages';
import { secondFactorMessages } from '@hopbox/contracts/second-factor-messages';
import { codeProblem, isRecoveryCode, isTotpCode, normalizeCode } from '@hopbox/contracts/second-factor-rules';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type ComponentProps, type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { FailureForm } from '@/components/failure-form';
import { PasswordField } from '@/components/form-field';
import { QueryLoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type Confirmation, useDisableTotp, useRegenerateRecoveryCodes, useSecondFactor } from '../api/second-factor';
import { CodeField } from './code-field';

// What only a customer's action shows loads with that action, not with Profile (decision 088): the enrolment's
// steps and the QR code's library when the factor is turned on or the app replaced, the new recovery codes (with
// their copy and download) once they are made.
const LazyTotpEnrolment = lazy(async () => ({ default: (await import('./totp-enrolment')).TotpEnrolment }));
const LazyRecoveryCodes = lazy(async () => ({ default: (await import('./recovery-codes')).RecoveryCodes }));

/** A step whose code is still loading: the spinner the enrolment shows itself while it prepares the key. */
function Loading({ children, label }: { children: ReactNode; label?: string }) {
  return <Suspense fallback={<Spinner label={label} className="py-10" />}>{children}</Suspense>;
}

const TotpEnrolment = (props: ComponentProps<typeof LazyTotpEnrolment>) => (
  <Loading label="Preparing your setup key...">
    <LazyTotpEnrolment {...props} />
  </Loading>
);

const RecoveryCodes = (props: ComponentProps<typeof LazyRecoveryCodes>) => (
  <Loading>
    <LazyRecoveryCodes {...props} />
  </Loading>
);

const TWO_FACTOR_TITLE = 'Two-factor authentication';
const TWO_FACTOR_DESCRIPTION = 'A code from an authenticator app on your phone, asked after your password when you sign in.';

type Dialog = 'enable' | 'replace' | 'codes' | 'disable' | null;

/** The password and a current code, asked before any change to a factor that is on; `onConfirmed` makes the change. */
function ConfirmForm({
  action,
  pending,
  danger,
  onConfirmed,
}: {
  action: string;
  pending?: boolean;
  danger?: boolean;
  onConfirmed: (confirmation: Confirmation) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: password ? undefined : messages.auth.passwordRequired,
      code: isTotpCode(code) || isRecoveryCode(code) ? undefined : (codeProblem(code, 'totp') ?? undefined),
    };
    setErrors(found);
    if (found.password || found.code) return;
    setFailure(null);
    try {
      await onConfirmed({ password, code: normalizeCode(code) });
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'password' || err.field === 'code')) setErrors({ [err.field]: err.message });
      else setFailure(errorMessage(err));
      setCode('');
    }
  };

  return (
    <FailureForm onSubmit={submit} failure={failure}>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((e) => ({ ...e, password: undefined }));
        }}
      />
      <CodeField
        method="any"
        value={code}
        error={errors.code}
        onChange={(event) => {
          setCode(event.target.value);
          setErrors((e) => ({ ...e, code: undefined }));
        }}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} className="w-full" loading={pending}>
        {action}
      </Button>
    </FailureForm>
  );
}

/**
 * A dialog for a change to a factor that is on: the password and a code first (`confirm`, with `ask` under the title),
 * then what the change gives (`result`: a new enrolment, new codes) once there is one. Closed, it renders nothing.
 */
function ConfirmFirstModal({
  open,
  onClose,
  title,
  ask,
  maxWidth,
  confirm,
  result,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  ask: string;
  maxWidth?: string;
  confirm: ReactNode;
  result?: ReactNode;
}) {
  return (
    <Modal isOpen={open} onClose={onClose} title={title} description={result ? undefined : ask} maxWidth={maxWidth}>
      {open && (result || confirm)}
    </Modal>
  );
}

/**
 * Profile's "Two-factor authentication" (decision 049): whether it is on and how many recovery codes are left;
 * turn it on, replace the authenticator, new recovery codes, and (customers only) turn it off. Every change to a
 * factor that is on asks for the password and a current code. Dialogs trap focus and close on Escape.
 */
export function TwoFactorCard() {
  const status = useSecondFactor();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [replacing, setReplacing] = useState<Confirmation>();
  const [codes, setCodes] = useState<string[]>();

  const close = () => {
    setDialog(null);
    setReplacing(undefined);
    setCodes(undefined);
    void status.refetch();
  };
  const data = status.data;
  const on = Boolean(data?.totp.enabled);

  return (
    <TitledCard title={TWO_FACTOR_TITLE} description={TWO_FACTOR_DESCRIPTION}>
      <div className="px-5 py-5 sm:px-6">
        {status.isPending && <SkeletonGroup count={1} aria-busy="true" itemClassName="h-14 w-full" />}
        <QueryLoadError query={status} />
        {data && (
          <div className="space-y-5">
            <div className="flex flex-wrap items-start gap-4">
              <span
                aria-hidden="true"
                className={`flex size-10 shrink-0 items-center justify-center rounded-full ${on ? 'bg-success/10 text-success' : 'bg-subtle text-muted'}`}
              >
                {on ? <ShieldCheck className="size-5" /> : <ShieldOff className="size-5" />}
              </span>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                  Authenticator app
                  <Badge tone={on ? 'green' : 'gray'}>{on ? 'On' : 'Off'}</Badge>
                </p>
                <p className="text-sm text-muted">
                  {on
                    ? `Turned on ${data.totp.enabledAt ? formatDate(data.totp.enabledAt) : ''}. ${data.recoveryCodesLeft} of 10 recovery codes left.`
                    : 'Only your password protects your account.'}
                </p>
                {on && data.recoveryCodesLeft <= 3 && (
                  <p className="text-sm font-medium text-warning">Few recovery codes left: create new ones.</p>
                )}
                {data.required && (
                  <p className="text-sm text-muted">Staff and admin accounts must keep it on; you can move it to another phone.</p>
                )}
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {!on && (
                <Button onClick={() => setDialog('enable')}>
                  <Smartphone className="size-4" aria-hidden="true" />
                  Turn on
                </Button>
              )}
              {on && (
                <>
                  <Button variant="secondary" onClick={() => setDialog('codes')}>
                    <RefreshCw className="size-4" aria-hidden="true" />
                    New recovery codes
                  </Button>
                  <Button variant="secondary" onClick={() => setDialog('replace')}>
                    <KeyRound className="size-4" aria-hidden="true" />
                    Replace authenticator
                  </Button>
                  {!data.required && (
                    <Button variant="danger" onClick={() => setDialog('disable')}>
                      Turn off
                    </Button>
                  )}
                </>
              )}
            </div>
          </div>
        )}
      </div>

      <Modal isOpen={dialog === 'enable'} onClose={close} title="Turn on two-factor authentication" maxWidth="max-w-lg">
        {dialog === 'enable' && <TotpEnrolment finishLabel="Done" onFinished={close} />}
      </Modal>

      <ConfirmFirstModal
        open={dialog === 'replace'}
        onClose={close}
        title="Replace your authenticator app"
        ask="Confirm it’s you with your password and a code of the app you use now."
        maxWidth="max-w-lg"
        confirm={<ConfirmForm action="Continue" onConfirmed={async (confirmation) => setReplacing(confirmation)} />}
        result={replacing && <TotpEnrolment confirmation={replacing} finishLabel="Done" onFinished={close} />}
      />

      <ConfirmFirstModal
        open={dialog === 'codes'}
        onClose={close}
        title="New recovery codes"
        ask="The codes you have now stop working. Confirm it’s you with your password and a code."
        confirm={
          <ConfirmForm
            action="Create new codes"
            pending={regenerate.isPending}
            onConfirmed={async (confirmation) => {
              setCodes((await regenerate.mutateAsync(confirmation)).recoveryCodes);
            }}
          />
        }
        result={codes && <RecoveryCodes codes={codes} finishLabel="Done" onFinished={close} />}
      />

      <ConfirmFirstModal
        open={dialog === 'disable'}
        onClose={close}
        title="Turn off two-factor authentication"
        ask="Signing in will take only your password. Confirm it’s you with your password and a code."
        confirm={
          <ConfirmForm
            action="Turn off"
            danger
            pending={disable.isPending}
            onConfirmed={async (confirmation) => {
              await disable.mutateAsync(confirmation);
              toast.success(secondFactorMessages.disabled);
              close();
            }}
          />
        }
      />
    </TitledCard>
  );
}

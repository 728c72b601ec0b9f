import type { UserSession } from '@hopbox/contracts/user-sessions';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { QueryLoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { TimeAgo } from '@/components/time-ago';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

const SESSIONS_TITLE = "Where you're signed in";
const SESSIONS_DESCRIPTION = "Devices signed in to your account. Sign out any you don't recognise.";

/** The rows while the list loads. */
function SessionsSkeleton() {
  return <SkeletonGroup count={2} aria-busy="true" className="space-y-3 px-5 py-5 sm:px-6" itemClassName="h-14 w-full" />;
}

/** "Chrome 131 on macOS": what a person calls the session. */
function sessionName(session: UserSession) {
  return `${session.browser ?? 'Unknown browser'} on ${session.os ?? session.device ?? 'an unknown device'}`;
}

function DeviceIcon({ device }: { device: string | null }) {
  const Icon = device === 'Phone' || device === 'iPhone' ? Smartphone : device === 'Tablet' || device === 'iPad' ? Tablet : Monitor;
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-subtle text-muted">
      <Icon className="size-5" />
    </span>
  );
}

function SessionRow({ session, onSignOut }: { session: UserSession; onSignOut: () => void }) {
  const nameId = useId();
  const detailsId = useId();
  const details = [session.device, session.place, session.ipAddress].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4 sm:flex-nowrap sm:px-6">
      <DeviceIcon device={session.device} />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-fg">
          <span id={nameId}>{sessionName(session)}</span>
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        {details && (
          <p id={detailsId} className="mt-0.5 truncate text-sm text-muted">
            {details}
          </p>
        )}
        <p className="mt-0.5 text-xs text-muted">
          Signed in <TimeAgo iso={session.firstSeenAt} />
          {' · '}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active <TimeAgo iso={session.lastSeenAt} />
            </>
          )}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="ml-14 sm:ml-0"
          aria-describedby={details ? `${nameId} ${detailsId}` : nameId}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Which sign-out the dialog confirms: one session, or every other one. */
type Confirming = UserSession | 'others' | null;

/**
 * Profile's list of the account's sessions (issue 25, decision 050): each device with where and when it was used,
 * this one marked; any other can be signed out, or all of them at once, after a confirmation.
 */
export function SignedInSessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const placed = sessions.data?.some((s) => s.place) ?? false;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const done = await revoke.mutateAsync(confirming === 'others' ? 'others' : confirming.id);
      toast.success(done.message);
      setConfirming(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out the session. Try again in a moment.'));
    }
  };

  return (
    <TitledCard
      id="sessions"
      className="scroll-mt-24"
      title={SESSIONS_TITLE}
      description={SESSIONS_DESCRIPTION}
      actions={
        others.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming('others')}>
            Sign out all other sessions
          </Button>
        )
      }
    >
      {sessions.isPending && <SessionsSkeleton />}
      <div className={sessions.isError ? 'p-5 sm:p-6' : undefined}>
        <QueryLoadError query={sessions} />
      </div>
      {sessions.data && (
        <ul className="divide-y divide-line">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onSignOut={() => setConfirming(session)} />
          ))}
          {others.length === 0 && <li className="px-5 py-4 text-sm text-muted sm:px-6">No other device is signed in.</li>}
        </ul>
      )}
      {placed && (
        <p className="border-t border-line px-5 py-3 text-xs text-muted sm:px-6">
          Places are approximate, worked out from the network address with{' '}
          <a className="underline hover:text-fg" href="https://lite.ip2location.com" target="_blank" rel="noreferrer">
            IP2Location LITE
          </a>{' '}
          data.
        </p>
      )}
      <Modal
        isOpen={confirming !== null}
        onClose={revoke.isPending ? () => {} : () => setConfirming(null)}
        title={confirming === 'others' ? 'Sign out all other sessions?' : 'Sign out this session?'}
        description={
          confirming === 'others'
            ? others.length === 1
              ? 'The other session is signed out at once and needs your password to sign in again.'
              : `The ${others.length} other sessions are signed out at once and need your password to sign in again.`
            : confirming && `${sessionName(confirming)} is signed out at once and needs your password to sign in again.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} loading={revoke.isPending}>
              {revoke.isPending ? 'Signing out...' : confirming === 'others' ? 'Sign out all' : 'Sign out'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-muted">
          If you don't recognise a session, sign it out and change your password: that signs out every other device too.
        </p>
      </Modal>
    </TitledCard>
  );
}

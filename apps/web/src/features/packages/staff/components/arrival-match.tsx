import { arrivalsMessages } from '@hopbox/contracts/arrivals';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClock, FileText, LoaderCircle, PackageSearch, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';
import { errorMessage } from '@/lib/api-errors';
import { formatShortDate } from '@/lib/format';
import { useDownloadFile } from '@/lib/protected-file';
import { type ArrivalMatch, isMatchable } from '../api/arrival-match';
import { announcedBy } from '../receive-rules';
import { FoundPerson } from './found-person';

/**
 * Step 1 for a parcel with no suite number on its label (issue "Arrivals"): its tracking number, scanned or
 * typed; Enter or leaving the field asks who announced it.
 */
export function TrackingLookup({
  tracking,
  onLookup,
}: {
  tracking: string | null;
  /** `moveOn`: Enter or the button (the cursor goes on to the package); leaving the field only looks it up. */
  onLookup: (trackingNumber: string, moveOn: boolean) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(tracking ?? '');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => setValue(tracking ?? ''), [tracking]);
  // Scanner-ready: the cursor waits here once the option is chosen, its text selected for the next scan.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const look = (moveOn: boolean) => {
    const typed = value.trim();
    if (!typed) return;
    if (!isMatchable(typed)) {
      setError(arrivalsMessages.trackingTooShort);
      return;
    }
    setError(undefined);
    onLookup(typed, moveOn);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    look(true);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Find the pre-alert" className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        ref={inputRef}
        label="Tracking number"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        onBlur={() => look(false)}
        error={error}
        hint="The carrier's number on the parcel: a customer who announced it gets it in their locker."
        autoComplete="off"
        spellCheck={false}
        containerClassName="min-w-0 flex-1"
        className="font-mono tracking-wide"
      />
      <Button type="submit" variant="secondary" className="sm:mt-7">
        <Search className="size-4" aria-hidden="true" />
        Find pre-alert
      </Button>
    </form>
  );
}

/** Where the parcel goes when it is received: what the match means for the way it is being received. */
export type MatchContext = { kind: 'no-suite' } | { kind: 'locker'; lockerNumber: string | null };

function Announced({ preAlert, children }: { preAlert: NonNullable<ArrivalMatch['preAlert']>; children: ReactNode }) {
  const download = useDownloadFile();
  const { invoiceUrl } = preAlert;
  return (
    <FoundPerson label="Pre-alert found" tone="accent" className="flex-wrap items-start">
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-semibold break-words text-fg">{announcedBy(preAlert)}</p>
        {preAlert.expectedDate && (
          <p className="flex items-center gap-1.5 text-muted">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
            Expected {formatShortDate(preAlert.expectedDate)}
          </p>
        )}
        <p className="text-fg">{children}</p>
        {invoiceUrl && (
          <button
            type="button"
            onClick={() => void download(invoiceUrl, `invoice-${preAlert.lockerNumber}-${preAlert.id}`)}
            className="inline-flex items-center gap-1.5 font-medium text-accent-fg hover:underline"
          >
            <FileText className="size-3.5 shrink-0" aria-hidden="true" />
            The customer's invoice
          </button>
        )}
      </div>
    </FoundPerson>
  );
}

/**
 * Who announced the tracking number, as soon as it is known: the customer, their locker and what they said is
 * coming. In the locker-first flow it shows only when someone announced it; without a suite number it also says
 * what receiving will do when nobody did.
 */
export function ArrivalMatchPanel({
  match,
  context,
  className,
}: {
  match: UseQueryResult<ArrivalMatch>;
  context: MatchContext;
  className?: string;
}) {
  const content = matchContent(match, context);
  return content ? <div className={className}>{content}</div> : null;
}

function matchContent(match: UseQueryResult<ArrivalMatch>, context: MatchContext): ReactNode {
  const noSuite = context.kind === 'no-suite';
  if (match.fetchStatus === 'idle' && match.status === 'pending') return null;
  if (match.isFetching && !match.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Looking for a pre-alert...
      </p>
    );
  }
  if (match.isError) return <Alert tone="error">{errorMessage(match.error)}</Alert>;
  const found = match.data;
  if (!found) return null;
  const { preAlert, matches } = found;
  if (matches > 1) {
    return (
      <Alert tone="warning">
        <p className="font-semibold">Announced by {matches} customers: receive it as unidentified and assign it</p>
        {!noSuite && <p className="mt-0.5">Nobody can be sure whose it is unless the label says so.</p>}
      </Alert>
    );
  }
  if (preAlert) {
    if (noSuite) return <Announced preAlert={preAlert}>Received without a locker number, it goes into {preAlert.lockerNumber}.</Announced>;
    const labelled = context.lockerNumber;
    if (labelled && labelled !== preAlert.lockerNumber) {
      return (
        <Alert tone="warning">
          <p className="font-semibold">{announcedBy(preAlert)}</p>
          <p className="mt-0.5">
            The label says {labelled}: it is received into {labelled} as labelled.
          </p>
        </Alert>
      );
    }
    return <Announced preAlert={preAlert}>It fulfils their pre-alert.</Announced>;
  }
  if (!noSuite) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-dashed border-line-strong p-4 text-sm">
      <PackageSearch className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
      <p className="text-fg">
        <span className="font-semibold">Nobody announced this tracking number.</span> It is received as unidentified and waits in
        Unidentified until a customer claims it or staff assign it.
      </p>
    </div>
  );
}

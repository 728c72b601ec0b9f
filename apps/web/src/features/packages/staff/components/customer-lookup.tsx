import { CircleAlert, Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { CheckboxField } from '@/components/checkbox-field';
import { Fact } from '@/components/fact';
import { inputClasses } from '@/components/form-field';
import { PersonSkeleton } from '@/components/skeleton-layouts';
import { errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { isSubmitShortcut } from '@/lib/scanner-keys';
import type { LockerOwner } from '../api/get-locker-owner';
import { FoundPerson } from './found-person';

export interface CustomerLookupProps {
  /** The locker number looked up, or null before the first lookup. */
  locker: string | null;
  owner: LockerOwner | null | undefined;
  loading: boolean;
  error: unknown;
  onLookup: (locker: string | null) => void;
  /** Error from the server on the locker number (e.g. the customer was removed meanwhile). */
  serverError?: string;
  /** Ctrl+Enter on the locker already found receives the package (the form below). */
  onSubmitPackage: () => void;
  /** The label has no suite number (issue "Arrivals"): the locker lookup is skipped for `noSuiteLookup`. */
  noSuite: boolean;
  onNoSuiteChange: (noSuite: boolean) => void;
  /** What replaces the locker lookup when there is no suite number: the tracking number's. */
  noSuiteLookup: ReactNode;
  /** Shown under the lookup: who announced the parcel's tracking number. */
  match?: ReactNode;
}

function selectAll(input: HTMLInputElement | null) {
  input?.focus();
  input?.select();
}

/** Step 1: find the customer by the locker number on the parcel's label. */
export function CustomerLookup({
  locker,
  owner,
  loading,
  error,
  onLookup,
  serverError,
  onSubmitPackage,
  noSuite,
  onNoSuiteChange,
  noSuiteLookup,
  match,
}: CustomerLookupProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(locker ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);

  useEffect(() => setValue(locker ?? ''), [locker]);

  // Scanner-ready (decision 027): the cursor waits in the locker field with its text selected, on arrival,
  // after "Receive another" (which shows this again), back from "No suite number" and after a lookup that failed,
  // so the next scan replaces it.
  useEffect(() => {
    if (!noSuite) selectAll(inputRef.current);
  }, [noSuite]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = value.trim().toUpperCase();
    if (!normalized) {
      setFormatError('Locker number is required');
      inputRef.current?.focus();
      return;
    }
    if (normalized.length > 16) {
      setFormatError('A locker number has at most 16 characters');
      inputRef.current?.focus();
      return;
    }
    setFormatError(null);
    onLookup(normalized);
  };

  const notFound = Boolean(locker) && !loading && !error && owner === null;
  const fieldError = formatError ?? serverError ?? (notFound ? `No customer has locker number ${locker}` : undefined);
  useEffect(() => {
    if (fieldError) selectAll(inputRef.current);
  }, [fieldError]);

  /** Ctrl+Enter on the locker already found receives the package; on another locker it looks that one up first. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isSubmitShortcut(event)) return;
    event.preventDefault();
    if (owner && value.trim().toUpperCase() === locker) onSubmitPackage();
    else submit(event);
  };

  return (
    <TitledCard
      title="1. Customer"
      description={
        noSuite
          ? 'Scan the tracking number: the parcel goes to the customer who announced it, else it waits in Unidentified.'
          : "Type or scan the locker number from the parcel's address label."
      }
    >
      <div className="space-y-4 px-5 py-5 sm:px-6">
        {noSuite ? (
          noSuiteLookup
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1 space-y-1.5">
              <label htmlFor={inputId} className="block text-sm font-medium text-fg">
                Locker number
              </label>
              <input
                ref={inputRef}
                id={inputId}
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setFormatError(null);
                }}
                onKeyDown={onKeyDown}
                aria-keyshortcuts="Enter Control+Enter Meta+Enter"
                placeholder="HB100001"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={24}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${inputId}-error` : undefined}
                className={cn(inputClasses, 'font-mono tracking-wide uppercase placeholder:normal-case placeholder:tracking-normal')}
              />
              {fieldError && (
                <p id={`${inputId}-error`} role="alert" className="flex items-center gap-1.5 text-xs font-medium text-danger">
                  <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
                  {fieldError}
                </p>
              )}
            </div>
            <Button type="submit" variant="secondary" className="sm:mt-7" loading={loading}>
              {!loading && <Search className="size-4" aria-hidden="true" />}
              {loading ? 'Looking up...' : 'Find customer'}
            </Button>
          </form>
        )}
        <CheckboxField label="No suite number on the label" checked={noSuite} onCheckedChange={onNoSuiteChange} />

        {match}
        {!noSuite && loading && <PersonSkeleton size="md" className="gap-3 rounded-xl border border-line p-4" aria-hidden="true" />}
        {!noSuite && Boolean(error) && !loading && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(error)}
          </p>
        )}
        {!noSuite && owner && !loading && (
          <FoundPerson label="Customer found" className="flex-wrap">
            <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 xl:grid-cols-4">
              <Fact label="Name" className="min-w-0" valueClassName="truncate text-sm font-semibold text-fg">
                {owner.fullName}
              </Fact>
              <Fact label="Email" className="min-w-0" valueClassName="truncate text-sm text-fg">
                {owner.email}
              </Fact>
              <Fact label="Country" className="min-w-0" valueClassName="truncate text-sm text-fg">
                {owner.country ?? 'N/A'}
              </Fact>
              <Fact label="Locker" className="min-w-0" valueClassName="font-mono text-sm font-semibold tracking-wide text-fg">
                {owner.lockerNumber}
              </Fact>
            </dl>
          </FoundPerson>
        )}
      </div>
    </TitledCard>
  );
}

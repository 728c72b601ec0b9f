import { claimPath } from '@hopbox/contracts/claim-path';
import {
  CLAIM_CURRENCY,
  CLAIM_DESCRIPTION_MAX,
  CLAIM_TYPE_LABELS,
  type ClaimType,
  type ClaimWindow,
  claimInputSchema,
  claimMessages,
} from '@hopbox/contracts/claims';
import { CalendarCheck, CalendarClock, CalendarX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { FailureForm } from '@/components/failure-form';
import { RowsSkeleton } from '@/components/list-states';
import { LoadError } from '@/components/load-error';
import { TextAreaField } from '@/components/textarea-field';
import { UnitField } from '@/components/unit-field';
import { errorMessage, hasErrorCode } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { type ClaimAbout, useClaimEligibility, useFileClaim } from '../api/file-claim';
import { windowWords } from '../claim-display';
import { PhotoPicker } from './photo-picker';

/** What each type covers, in the customer's words, under its name. */
const TYPE_HINTS: Record<ClaimType, string> = {
  LOST: 'The parcel is with the carrier and has not arrived.',
  DAMAGED: 'The parcel arrived broken or its goods damaged.',
  MISSING_ITEMS: 'The parcel arrived but something is not in it.',
  WRONG_WEIGHT: 'The package was weighed heavier than it is.',
};

const STATE_ICONS = { open: CalendarCheck, later: CalendarClock, closed: CalendarX };

/** A loss is claimed for more than nothing; a wrong weight may claim nothing, its remedy being the re-weigh (decision 065). */
const formSchema = claimInputSchema.refine((c) => c.type === 'WRONG_WEIGHT' || c.amount > 0, {
  message: claimMessages.amountRequired,
  path: ['amount'],
});

/** One type to choose, with its window in plain words; a type whose window is not open cannot be chosen. */
function TypeOption({ window, registered }: { window: ClaimWindow; registered: ReturnType<ReturnType<typeof useZodForm>['field']> }) {
  const id = useId();
  const words = windowWords(window);
  const Icon = STATE_ICONS[words.state];
  const open = words.state === 'open';
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex items-start gap-3 rounded-lg border px-3.5 py-3 transition-colors',
        open
          ? 'cursor-pointer border-line hover:bg-subtle has-checked:border-accent has-checked:bg-accent-soft/60 has-checked:ring-1 has-checked:ring-accent'
          : 'cursor-not-allowed border-line bg-subtle/60',
      )}
    >
      <input
        id={id}
        type="radio"
        value={window.type}
        disabled={!open}
        aria-describedby={`${id}-window`}
        className="mt-1 size-4 accent-(--color-accent)"
        {...registered}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-col gap-x-3 gap-y-0.5 sm:flex-row sm:items-baseline sm:justify-between">
          <span className={cn('text-sm font-medium', open ? 'text-fg' : 'text-muted')}>{CLAIM_TYPE_LABELS[window.type]}</span>
          <span
            className={cn(
              'inline-flex items-center gap-1 text-xs font-medium',
              open ? 'text-success' : words.state === 'later' ? 'text-fg' : 'text-muted',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {words.headline}
          </span>
        </span>
        <span className="mt-0.5 block text-xs text-muted">{TYPE_HINTS[window.type]}</span>
        <span id={`${id}-window`} className={cn('block text-xs text-muted', words.reason && 'mt-1.5 text-fg')}>
          <span className="sr-only">{words.headline}. </span>
          {words.reason}
        </span>
      </span>
    </label>
  );
}

/**
 * "File a claim" on a package or a shipment (decision 066): every type with its window, as the API reckons it now;
 * only an open one can be chosen. The description, the amount in AED and up to CLAIM_PHOTOS_MAX photos follow; the
 * contracts' schema checks them here as the API does, and the API's cap on the amount shows on the field.
 */
export function ClaimForm({ about, subjectLabel }: { about: ClaimAbout; subjectLabel: string }) {
  const navigate = useNavigate();
  const eligibility = useClaimEligibility(about);
  const file = useFileClaim();
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useZodForm(formSchema, {
    defaultValues: { ...about, type: undefined, description: '', amount: '', currency: CLAIM_CURRENCY },
  });
  const windows = eligibility.data ?? [];
  const openTypes = windows.filter((w) => w.open);
  const onlyOpen = openTypes.length === 1 ? openTypes[0]?.type : undefined;
  const chosen = form.watch('type');

  // One open type: chosen already.
  useEffect(() => {
    if (onlyOpen) form.setValue('type', onlyOpen);
  }, [onlyOpen, form.setValue]);

  const submit = form.handleSubmit(async (input) => {
    try {
      const claim = await file.mutateAsync({ input, photos });
      toast.success(`Claim ${claim.reference} filed`, { description: 'We answer here and by mail.' });
      navigate(claimPath(claim.id), { replace: true });
    } catch (err) {
      // A window that closed (or an open claim filed meanwhile) since the form was read: read the windows again.
      if (hasErrorCode(err, 'CLAIM_WINDOW_CLOSED', 'CLAIM_NOT_YET_OPEN', 'CLAIM_TYPE_NOT_APPLICABLE')) void eligibility.refetch();
      showSubmitFailure(form, err, ['type', 'description', 'amount']);
    }
  });

  const typeError = form.formState.errors.type?.message;
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-5">
        <h2 className="text-lg font-semibold text-fg">File a claim</h2>
        <p className="text-sm text-muted">About {subjectLabel}</p>
      </div>
      {eligibility.isPending ? (
        <RowsSkeleton rows={4} />
      ) : eligibility.isError ? (
        <LoadError
          message={errorMessage(eligibility.error, 'The claim windows could not be loaded.')}
          onRetry={() => void eligibility.refetch()}
        />
      ) : (
        <FailureForm failure={form.failure} onSubmit={submit} className="space-y-6">
          <fieldset className="space-y-2" aria-describedby={typeError ? 'claim-type-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-fg">What went wrong</legend>
            {windows.map((window) => (
              <TypeOption key={window.type} window={window} registered={form.field('type')} />
            ))}
            {typeError && (
              <p id="claim-type-error" role="alert" className="text-xs font-medium text-danger">
                {typeError}
              </p>
            )}
          </fieldset>

          {openTypes.length === 0 ? (
            <Alert tone="warning">
              No claim can be filed on this right now: each kind's window is shown above. If something else is wrong,{' '}
              <Link to="/support" className="font-medium underline">
                contact support
              </Link>
              .
            </Alert>
          ) : (
            <>
              <TextAreaField
                label="What happened"
                rows={5}
                maxLength={CLAIM_DESCRIPTION_MAX}
                hint={`What you found, and anything that helps us check it. Up to ${CLAIM_DESCRIPTION_MAX} characters.`}
                {...form.input('description')}
              />
              <div className="space-y-1.5 sm:max-w-xs">
                <UnitField label="Amount claimed" unit={CLAIM_CURRENCY} unitName="UAE dirhams" {...form.input('amount')} />
                <p className="text-xs text-muted">
                  {chosen === 'WRONG_WEIGHT'
                    ? 'What you paid too much, if anything: 0 is fine, the package is re-weighed.'
                    : 'At most the declared value of the goods and what was paid for the shipment.'}
                </p>
              </div>
              <PhotoPicker photos={photos} onChange={setPhotos} label="Add photos to the claim" disabled={form.formState.isSubmitting} />
            </>
          )}

          <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
            <Link to={claimPath()} className={buttonClasses('secondary')}>
              Cancel
            </Link>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={openTypes.length === 0}>
              File claim
            </Button>
          </div>
        </FailureForm>
      )}
    </Card>
  );
}

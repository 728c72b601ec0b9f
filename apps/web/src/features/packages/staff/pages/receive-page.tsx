import { PackagePlus, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { Fact } from '@/components/fact';
import { PageHeader } from '@/components/page-header';
import { formatDimensions, formatKg } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useArrivalMatch } from '../api/arrival-match';
import { type LockerOwner, useLockerOwner } from '../api/get-locker-owner';
import type { ReceivedPackage } from '../api/receive-package';
import { ArrivalMatchPanel, TrackingLookup } from '../components/arrival-match';
import { CustomerLookup } from '../components/customer-lookup';
import { PackageLabel, PrintableLabel } from '../components/package-label';
import { ReceiveForm } from '../components/receive-form';
import { mismatchNotice } from '../receive-rules';

interface Received {
  pkg: ReceivedPackage;
  /** Null when nobody could be matched: the parcel waits in Unidentified. */
  owner: LockerOwner | null;
  photoCount: number;
}

/** What happened to the parcel, in the confirmation's heading and lines. */
function ReceivedSummary({ received }: { received: Received }) {
  const { pkg, owner, photoCount } = received;
  const photos = photoCount > 0 ? `, with ${photoCount} photo${photoCount === 1 ? '' : 's'}` : '';
  if (!pkg.lockerNumber) {
    return (
      <p className="mt-0.5">
        Nobody could be matched, so it waits in{' '}
        <Link to="/staff/unidentified" className="font-medium underline">
          Unidentified
        </Link>{' '}
        until a customer claims it or staff assign it{photos}. Print its label: the {pkg.hopboxId} on it finds it again.
      </p>
    );
  }
  const how = pkg.receipt.receivedAs === 'PRE_ALERT' && !pkg.receipt.mismatch ? ' It fulfils their pre-alert.' : '';
  return (
    <p className="mt-0.5">
      {owner?.fullName ?? 'The customer'} sees it in Received Packages now{photos}, and gets an email.{how}
    </p>
  );
}

function LabelView({ received, onAnother }: { received: Received; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { pkg, owner } = received;
  const { mismatch } = pkg.receipt;
  return (
    <div className="space-y-6">
      <Alert tone={pkg.lockerNumber ? 'success' : 'warning'}>
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {pkg.lockerNumber ? `${pkg.hopboxId} is in locker ${pkg.lockerNumber}` : `${pkg.hopboxId} is received as unidentified`}
        </h2>
        <ReceivedSummary received={received} />
      </Alert>
      {mismatch && pkg.lockerNumber && (
        <Alert tone="warning">
          <p className="font-semibold">{mismatchNotice(mismatch, pkg.lockerNumber)}</p>
          <p className="mt-0.5">Their pre-alert stays open. Check the label, and move the parcel if it was theirs.</p>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,420px)_1fr]">
        <section aria-label="Package label" className="flex justify-center rounded-xl border border-line bg-subtle p-4 sm:p-6">
          <PackageLabel pkg={pkg} owner={owner} />
        </section>
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <div>
            <h2 className="text-base font-semibold text-fg">Label it and shelve it</h2>
            <p className="mt-1 text-sm text-muted">
              Print the label, stick it on the parcel and scan the barcode or QR code to find it again.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
            <Fact label="Content" valueClassName="text-fg">
              {pkg.packageContent}
            </Fact>
            <Fact label="Origin" valueClassName="text-fg">
              {pkg.origin}
            </Fact>
            <Fact label="Weight" valueClassName="text-fg tabular-nums">
              {formatKg(pkg.packageWeight)}
            </Fact>
            <Fact label="Size" valueClassName="text-fg tabular-nums">
              {formatDimensions(pkg.packageLength, pkg.packageBreadth, pkg.packageHeight)}
            </Fact>
          </dl>
          <div className="mt-auto flex flex-wrap gap-2">
            <Button onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" />
              Print
            </Button>
            <Button variant="secondary" onClick={onAnother}>
              <PackagePlus className="size-4" aria-hidden="true" />
              Receive another
            </Button>
            {pkg.lockerNumber ? (
              <Link to={`/staff/packages?q=${encodeURIComponent(pkg.hopboxId)}`} className={buttonClasses('ghost')}>
                Open in Packages
              </Link>
            ) : (
              <Link to="/staff/unidentified" className={buttonClasses('ghost')}>
                Open Unidentified
              </Link>
            )}
          </div>
        </Card>
      </div>
      <PrintableLabel pkg={pkg} owner={owner} />
    </div>
  );
}

/**
 * /staff/receive: find the locker's customer, or with no suite number on the label the customer who announced
 * its tracking number (else it is received unidentified); enter the package and its photos, print its label.
 */
export default function ReceivePage() {
  const [locker, setLocker] = useState<string | null>(null);
  const [noSuite, setNoSuite] = useState(false);
  /** The tracking number last looked up (step 1, or leaving the form's field): who announced it shows. */
  const [tracking, setTracking] = useState<string | null>(null);
  const match = useArrivalMatch(tracking);
  const [lockerServerError, setLockerServerError] = useState<string | undefined>();
  const [received, setReceived] = useState<Received | null>(null);
  /** Counts lookups: each one that finds its customer moves the cursor into the package form. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const owner = useLockerOwner(locker);
  const found = owner.data ?? null;
  const matchPanel = (
    <ArrivalMatchPanel
      match={match}
      context={noSuite ? { kind: 'no-suite' } : { kind: 'locker', lockerNumber: found?.lockerNumber ?? null }}
      className={noSuite ? undefined : 'px-5 pb-5 sm:px-6'}
    />
  );

  return (
    <>
      <PageHeader
        tabTitle="Receive"
        title="Receive a package"
        description="Book a parcel into a customer's locker, with photos taken at the dock."
      />
      {received ? (
        <LabelView
          received={received}
          onAnother={() => {
            setReceived(null);
            setTracking(null);
          }}
        />
      ) : (
        <div className="space-y-6">
          <CustomerLookup
            locker={locker}
            owner={locker ? owner.data : undefined}
            loading={owner.isFetching && !owner.data}
            error={owner.error}
            serverError={lockerServerError}
            onLookup={(value) => {
              setLockerServerError(undefined);
              if (value === locker) void owner.refetch();
              setLocker(value);
              setFocusRequest((n) => n + 1);
            }}
            onSubmitPackage={() => formRef.current?.requestSubmit()}
            noSuite={noSuite}
            onNoSuiteChange={(on) => {
              setNoSuite(on);
              setLocker(null);
              setLockerServerError(undefined);
            }}
            noSuiteLookup={
              <TrackingLookup
                tracking={tracking}
                onLookup={(value, moveOn) => {
                  setTracking(value);
                  if (moveOn) setFocusRequest((n) => n + 1);
                }}
              />
            }
            match={noSuite ? matchPanel : undefined}
          />
          <ReceiveForm
            owner={noSuite ? null : found}
            noSuite={noSuite}
            trackingNumber={noSuite ? tracking : null}
            onTrackingNumber={setTracking}
            match={noSuite ? undefined : matchPanel}
            focusRequest={focusRequest}
            formRef={formRef}
            onReceived={(pkg, who, photoCount) => {
              setReceived({ pkg, owner: who, photoCount });
              if (pkg.receipt.mismatch && pkg.lockerNumber) toast.warning(mismatchNotice(pkg.receipt.mismatch, pkg.lockerNumber));
              window.scrollTo({ top: 0 });
            }}
            onLockerError={setLockerServerError}
          />
        </div>
      )}
    </>
  );
}

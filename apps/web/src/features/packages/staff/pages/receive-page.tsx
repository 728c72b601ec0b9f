import type { Package } from '@hopbox/contracts/packages';
import { PackagePlus, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { Fact } from '@/components/fact';
import { PageHeader } from '@/components/page-header';
import { formatDimensions, formatKg } from '@/lib/format';
import { type LockerOwner, useLockerOwner } from '../api/get-locker-owner';
import { CustomerLookup } from '../components/customer-lookup';
import { PackageLabel, PrintableLabel } from '../components/package-label';
import { ReceiveForm } from '../components/receive-form';

interface Received {
  pkg: Package;
  owner: LockerOwner;
  photoCount: number;
}

function LabelView({ received, onAnother }: { received: Received; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { pkg, owner, photoCount } = received;
  return (
    <div className="space-y-6">
      <Alert tone="success">
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {pkg.hopboxId} is in locker {pkg.lockerNumber}
        </h2>
        <p className="mt-0.5">
          {owner.fullName} sees it in Received Packages now
          {photoCount > 0 ? `, with ${photoCount} photo${photoCount === 1 ? '' : 's'}` : ''}, and gets an email.
        </p>
      </Alert>
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
            <Link to={`/staff/packages?q=${encodeURIComponent(pkg.hopboxId)}`} className={buttonClasses('ghost')}>
              Open in Packages
            </Link>
          </div>
        </Card>
      </div>
      <PrintableLabel pkg={pkg} owner={owner} />
    </div>
  );
}

/** /staff/receive: find the locker's customer, enter the package and its photos, print its label. */
export default function ReceivePage() {
  const [locker, setLocker] = useState<string | null>(null);
  const [lockerServerError, setLockerServerError] = useState<string | undefined>();
  const [received, setReceived] = useState<Received | null>(null);
  /** Counts lookups: each one that finds its customer moves the cursor into the package form. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const owner = useLockerOwner(locker);
  const found = owner.data ?? null;

  return (
    <>
      <PageHeader
        tabTitle="Receive"
        title="Receive a package"
        description="Book a parcel into a customer's locker, with photos taken at the dock."
      />
      {received ? (
        <LabelView received={received} onAnother={() => setReceived(null)} />
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
          />
          <ReceiveForm
            owner={found}
            focusRequest={focusRequest}
            formRef={formRef}
            onReceived={(pkg, who, photoCount) => {
              setReceived({ pkg, owner: who, photoCount });
              window.scrollTo({ top: 0 });
            }}
            onLockerError={setLockerServerError}
          />
        </div>
      )}
    </>
  );
}

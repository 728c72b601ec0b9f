import { claimPath } from '@hopbox/contracts/claim-path';
import { ChevronLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { RowsSkeleton } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import type { ClaimAbout } from '../api/file-claim';
import { ClaimDetail } from '../components/claim-detail';
import { ClaimsList } from '../components/claims-list';

// The form brings the drop zone, the schema and the form library: loaded when a claim is filed, not with the list.
const ClaimForm = lazy(async () => ({ default: (await import('../components/claim-form')).ClaimForm }));

const wholeId = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** What `/claims/new?packageId=|shipmentId=&ref=` files a claim on, or null when the address names nothing. */
function aboutOf(search: URLSearchParams): ClaimAbout | null {
  const packageId = wholeId(search.get('packageId'));
  const shipmentId = wholeId(search.get('shipmentId'));
  if (packageId !== null && shipmentId === null) return { packageId };
  if (shipmentId !== null && packageId === null) return { shipmentId };
  return null;
}

function BackToList() {
  return (
    <Link to={claimPath()} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-accent-fg hover:underline">
      <ChevronLeft className="size-4" aria-hidden="true" />
      All claims
    </Link>
  );
}

/**
 * /claims, /claims/:id and /claims/new (decision 066): the customer's claims, one claim with its thread and the
 * answer the warehouse team asks for, and the form that files a claim on a package or shipment (reached from
 * Package Details and Sent Shipments by its address).
 */
export default function ClaimsPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const filing = params.id === 'new';
  const id = wholeId(params.id);
  const about = filing ? aboutOf(search) : null;
  const ref = search.get('ref')?.trim();
  const kind = about && 'packageId' in about ? 'package' : 'shipment';
  const subjectLabel = ref ? `${kind === 'package' ? 'Package' : 'Shipment'} ${ref}` : `a ${kind}`;

  return (
    <>
      <PageHeader
        tabTitle={filing ? 'File a claim' : id !== null ? 'Claim' : 'Claims'}
        title="Claims"
        description="When a parcel is lost, arrives damaged or with items missing, or was weighed wrong. We look at each claim and answer here and by mail."
      />
      {filing || id !== null ? (
        <section aria-label={filing ? 'File a claim' : 'Claim'} className="max-w-3xl">
          <BackToList />
          {filing && about ? (
            <Suspense fallback={<RowsSkeleton rows={5} />}>
              <ClaimForm about={about} subjectLabel={subjectLabel} />
            </Suspense>
          ) : id !== null ? (
            <ClaimDetail id={id} />
          ) : (
            <p className="text-sm text-muted">
              Choose what the claim is about from a sent shipment’s details or a package’s details: its File a claim link brings you here.
            </p>
          )}
        </section>
      ) : (
        <ClaimsList />
      )}
    </>
  );
}

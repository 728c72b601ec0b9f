import { lazy, Suspense } from 'react';
import { TitledCard } from '@/components/card';
import { SkeletonGroup } from '@/components/skeleton-layouts';

export const SESSIONS_TITLE = "Where you're signed in";
export const SESSIONS_DESCRIPTION = "Devices signed in to your account. Sign out any you don't recognise.";

// The list, its dialog and its icons load after the page: Profile is interactive without them (decision 050).
const SignedInSessionsCard = lazy(async () => ({ default: (await import('./signed-in-sessions-card')).SignedInSessionsCard }));

/** The rows while the list loads; the same stand in while the card's code loads. */
export function SessionsSkeleton() {
  return <SkeletonGroup count={2} aria-busy="true" className="space-y-3 px-5 py-5 sm:px-6" itemClassName="h-14 w-full" />;
}

/** Profile's "Where you're signed in" card, its code loaded on the page's first showing. */
export function SignedInSessionsSection() {
  return (
    <Suspense
      fallback={
        <TitledCard title={SESSIONS_TITLE} description={SESSIONS_DESCRIPTION}>
          <SessionsSkeleton />
        </TitledCard>
      }
    >
      <SignedInSessionsCard />
    </Suspense>
  );
}

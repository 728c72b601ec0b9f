import { lazy, Suspense } from 'react';

const TwoFactorCard = lazy(async () => ({ default: (await import('./two-factor-card')).TwoFactorCard }));

/** The second step of TwoFactorSection's loading. */
export default function TwoFactorLoader() {
  return (
    <Suspense fallback={null}>
      <TwoFactorCard />
    </Suspense>
  );
}

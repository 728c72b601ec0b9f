import { lazy, Suspense } from 'react';

// Two steps, so that Profile's own bundle names one small file rather than the card's many (the QR code, the
// dialogs): Profile is interactive without them, and its ceiling holds (decision 035).
const TwoFactorLoader = lazy(() => import('./two-factor-loader'));

/** Profile's "Two-factor authentication" card (decision 049), loaded after the page. */
export function TwoFactorSection() {
  return (
    <Suspense fallback={null}>
      <TwoFactorLoader />
    </Suspense>
  );
}

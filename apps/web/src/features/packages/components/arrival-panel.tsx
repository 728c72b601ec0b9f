import { lazy } from 'react';

// Each view's code (its table, dialogs and forms) is named here rather than in the page, so the page's own
// chunk stays as small as before the views existed (scripts/bundle-budget.mjs).
const ExpectedParcels = lazy(async () => ({ default: (await import('./expected-parcels')).ExpectedParcels }));
const UnclaimedParcels = lazy(async () => ({ default: (await import('./unclaimed-parcels')).UnclaimedParcels }));

/** Received Packages' views besides the locker, loaded the first time one is shown. */
export default function ArrivalPanel({ view }: { view: 'expected' | 'unclaimed' }) {
  return view === 'expected' ? <ExpectedParcels /> : <UnclaimedParcels />;
}

import type { Package } from '@hopbox/contracts/packages';
import { lazy } from 'react';

// Each view's code (its table, dialogs and forms) is named here rather than in the page, so the page's own
// chunk stays as small as before the views existed (scripts/bundle-budget.mjs).
const ExpectedParcels = lazy(async () => ({ default: (await import('./expected-parcels')).ExpectedParcels }));
const UnclaimedParcels = lazy(async () => ({ default: (await import('./unclaimed-parcels')).UnclaimedParcels }));
const LeftPackages = lazy(async () => ({ default: (await import('./left-packages')).LeftPackages }));

/** Received Packages' views besides the locker, loaded the first time one is shown. */
export default function ArrivalPanel({ view, onView }: { view: 'expected' | 'unclaimed' | 'left'; onView: (pkg: Package) => void }) {
  if (view === 'left') return <LeftPackages onView={onView} />;
  return view === 'expected' ? <ExpectedParcels /> : <UnclaimedParcels />;
}

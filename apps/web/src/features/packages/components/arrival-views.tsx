import { lazy } from 'react';
import { Link, useSearchParams } from 'react-router';
import { oneOf } from '@/lib/list-params';

const VIEWS = ['locker', 'expected', 'unclaimed', 'left'] as const;
export type ArrivalView = (typeof VIEWS)[number];
const LABELS = ['In my locker', 'Expected', 'Unclaimed parcels', 'Left the locker'];

/** The other views load when first shown: the locker list, the page's default, needs none of their code. */
export const ArrivalPanel = lazy(() => import('./arrival-panel'));

/** Which view of Received Packages the address asks for (`?view=expected`, `?view=unclaimed`, `?view=left`; none is the locker). */
export function useArrivalView(): ArrivalView {
  return oneOf(VIEWS, useSearchParams()[0].get('view') ?? 'locker');
}

/**
 * The segmented control between the locker, the parcels announced on their way, the parcels nobody claimed and the
 * packages that left the locker:
 * links, so each view has its address (and starts on its first page, without the locker's search).
 */
export function ArrivalViewSwitch({ view }: { view: ArrivalView }) {
  return (
    <nav aria-label="Package views" className="mb-4 inline-flex flex-wrap rounded-lg border border-line bg-subtle p-0.5">
      {VIEWS.map((option, i) => (
        <Link
          key={option}
          to={option === 'locker' ? '?' : `?view=${option}`}
          aria-current={option === view ? 'page' : undefined}
          className={`inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors ${option === view ? 'bg-surface text-fg shadow-xs ring-1 ring-line' : 'text-muted hover:text-fg'}`}
        >
          {LABELS[i]}
        </Link>
      ))}
    </nav>
  );
}

import { Link } from 'react-router';
import { packageIdsOf } from '@/lib/format';

/** A shipment's Hopbox IDs, each opening the package search. */
export function PackageChips({ packageIds }: { packageIds: string }) {
  const ids = packageIdsOf(packageIds);
  if (ids.length === 0) return <span className="text-muted">N/A</span>;
  return (
    <ul aria-label="Packages" className="flex flex-wrap gap-1.5">
      {ids.map((id) => (
        <li key={id}>
          <Link
            to={`/staff/packages?q=${encodeURIComponent(id)}`}
            className="inline-flex rounded-md border border-line bg-subtle px-2 py-0.5 font-mono text-xs text-fg hover:border-line-strong"
          >
            {id}
          </Link>
        </li>
      ))}
    </ul>
  );
}

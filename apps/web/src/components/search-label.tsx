import { Search } from 'lucide-react';

/** What every search box starts with: its label, for assistive technology only, and a magnifier inside its left edge. */
export function SearchLabel({ htmlFor, label }: { htmlFor: string; label: string }) {
  return (
    <>
      <label htmlFor={htmlFor} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
    </>
  );
}

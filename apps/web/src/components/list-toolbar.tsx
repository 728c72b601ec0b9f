import type { ReactNode } from 'react';
import { SearchInput } from '@/components/search-input';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';

/** The search box of a list, bound to the list's `search` (see `useListParams`). */
export function ListSearch({
  list,
  label,
  placeholder,
  className,
}: {
  list: { search: string; setSearch: (value: string) => void };
  label: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <SearchInput
      value={list.search}
      onValueChange={list.setSearch}
      label={label}
      placeholder={placeholder}
      containerClassName={className}
    />
  );
}

/**
 * The bar above a list inside its card: the search box (bound to the list's `search`, see
 * `useListParams`) and, at the other end, what the page adds (a count, a filter, the selection).
 */
export function ListToolbar({
  list,
  label,
  placeholder,
  shortPlaceholder = placeholder,
  searchClassName = 'sm:max-w-xs',
  children,
}: {
  list: { search: string; setSearch: (value: string) => void };
  /** The search box's accessible name. */
  label: string;
  placeholder: string;
  /** A shorter placeholder for phones, where the long one would be cut. */
  shortPlaceholder?: string;
  searchClassName?: string;
  children?: ReactNode;
}) {
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
      <ListSearch list={list} label={label} placeholder={wide ? placeholder : shortPlaceholder} className={cn('w-full', searchClassName)} />
      {children}
    </div>
  );
}

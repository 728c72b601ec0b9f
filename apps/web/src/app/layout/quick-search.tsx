import { CornerDownLeft, type LucideIcon, PackageOpen, Search, Truck } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchLabel } from '@/components/search-label';
import { useOwnSearch } from '@/features/search/api/search-own';
import { flattenGroups, resultGroups, type SearchGroup, type SearchOption } from '@/features/search/search-options';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { isStaffRole, SEARCH_SHORTCUTS, searchNavItems, useNavItems } from './nav-items';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface PaletteOption extends SearchOption {
  icon: LucideIcon;
}

const GROUP_ICONS: Record<SearchGroup['label'], LucideIcon | undefined> = { Pages: undefined, Packages: PackageOpen, Shipments: Truck };

/** The pages first, then what the API found, each option with its icon. */
function paletteGroups(pages: ReturnType<typeof searchNavItems>, found: SearchGroup[]): SearchGroup<PaletteOption>[] {
  const pageGroup: SearchGroup<PaletteOption> = {
    label: 'Pages',
    options: pages.map((item) => ({ key: `page:${item.to}`, label: item.label, to: item.to, icon: item.icon })),
  };
  const foundGroups = found.map((group) => ({
    label: group.label,
    options: group.options.map((option) => ({ ...option, icon: GROUP_ICONS[group.label] ?? Search })),
  }));
  return [pageGroup, ...foundGroups].filter((group) => group.options.length > 0);
}

/**
 * The header search: a combobox over the portal's pages and, for a customer, their own packages
 * (Hopbox ID, tracking number) and shipments (shipment ID, AWB), asked once typing pauses.
 * Ctrl/Cmd+K focuses it; arrows pick across the groups, Enter opens, Escape closes.
 */
export function QuickSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const role = useSession()?.user.role;
  const customer = role !== undefined && !isStaffRole(role);
  const menu = useNavItems(role);
  const pages = useMemo(() => searchNavItems([...menu, ...SEARCH_SHORTCUTS], query), [query, menu]);
  const own = useOwnSearch(query, customer);
  const groups = useMemo(() => paletteGroups(pages, resultGroups(own.results, query)), [pages, own.results, query]);
  const options = useMemo(() => flattenGroups(groups), [groups]);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const optionId = (index: number) => `${listId}-option-${index}`;

  // Arrows can walk past the visible part of a long list: keep the picked option in view.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, open, listId]);

  const go = (option: PaletteOption) => {
    navigate(option.to);
    setQuery('');
    setOpen(false);
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[activeIndex];
      if (open && option) {
        event.preventDefault();
        go(option);
      }
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else {
        setQuery('');
        inputRef.current?.blur();
      }
    }
  };

  const showList = open;
  const activeOption = showList ? options[activeIndex] : undefined;
  const label = customer ? 'Search pages, packages and shipments' : 'Search pages';
  const status = searchStatus({ query, found: options.length, searching: own.searching, failed: own.failed, customer });
  let index = 0;

  return (
    <div className="relative w-full max-w-md">
      <SearchLabel htmlFor={inputId} label={label} />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-lg border border-line bg-subtle pr-3 pl-9 text-sm text-fg focus:border-accent focus:bg-surface focus:ring-2 focus:ring-ring/30 focus:outline-none focus-visible:outline-none sm:pr-16 [&::-webkit-search-cancel-button]:hidden"
      />
      {!query && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 left-9 -translate-y-1/2 truncate text-sm text-muted sm:right-16"
        >
          {customer ? 'Search pages or IDs...' : 'Search or jump to...'}
        </span>
      )}
      <kbd className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-line bg-surface px-1.5 py-0.5 font-sans text-[11px] font-medium text-muted sm:block">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
      <div
        className={cn(
          // On phones the box is narrow: the results take the screen's width under the header.
          'fixed inset-x-2 top-16 z-40 overflow-hidden rounded-xl border border-line bg-surface shadow-lg sm:absolute sm:inset-x-0 sm:top-full sm:mt-2 sm:min-w-64',
          !showList && 'hidden',
        )}
      >
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          className={cn('max-h-96 overflow-y-auto p-1.5', groups.length === 0 && 'hidden')}
        >
          {/* The options exist only while the list is open: closed, every page would render them, icons and all. */}
          {showList &&
            groups.map((group) => {
              const headingId = `${listId}-${group.label}`;
              return (
                <div key={group.label} role="group" aria-labelledby={headingId} className="not-first:mt-1.5">
                  <div
                    id={headingId}
                    role="presentation"
                    className="px-3 pt-1.5 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase"
                  >
                    {group.label}
                  </div>
                  {group.options.map((option) => {
                    const at = index++;
                    return (
                      <OptionRow
                        key={option.key}
                        id={optionId(at)}
                        option={option}
                        active={at === activeIndex}
                        onHover={() => setActive(at)}
                        onPick={() => go(option)}
                      />
                    );
                  })}
                </div>
              );
            })}
        </div>
        {status && (
          <p className={cn('px-4 py-2.5 text-sm text-muted', groups.length > 0 && 'border-t border-line')} aria-live="polite">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}

function OptionRow({
  id,
  option,
  active,
  onHover,
  onPick,
}: {
  id: string;
  option: PaletteOption;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  const Icon = option.icon;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onHover}
      onClick={onPick}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
        active ? 'bg-accent-soft text-accent-fg' : 'text-fg',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{option.label}</span>
        {option.detail && <span className={cn('block truncate text-xs', active ? 'opacity-80' : 'text-muted')}>{option.detail}</span>}
      </span>
      {active && <CornerDownLeft className="size-3.5 shrink-0 opacity-70" aria-hidden="true" />}
    </div>
  );
}

/** The line under the results: searching, a failure, or nothing found. */
function searchStatus({
  query,
  found,
  searching,
  failed,
  customer,
}: {
  query: string;
  found: number;
  searching: boolean;
  failed: boolean;
  customer: boolean;
}): string | null {
  if (searching) return 'Searching your packages and shipments...';
  if (failed) return 'Your packages and shipments could not be searched. Try again in a moment.';
  if (found > 0) return null;
  return customer ? `Nothing matches “${query.trim()}”` : `No pages match “${query}”`;
}

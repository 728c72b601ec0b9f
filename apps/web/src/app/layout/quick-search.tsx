import { CornerDownLeft, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { type NavItem, navItemsFor, SEARCH_SHORTCUTS, searchNavItems } from './nav-items';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The header search: a combobox over the portal's pages. Ctrl/Cmd+K focuses it; arrows pick,
 * Enter opens the page, Escape closes.
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
  const results = useMemo(() => searchNavItems([...navItemsFor(role), ...SEARCH_SHORTCUTS], query), [query, role]);

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

  const go = (item: NavItem) => {
    navigate(item.to);
    setQuery('');
    setOpen(false);
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const item = results[active];
      if (open && item) {
        event.preventDefault();
        go(item);
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
  const activeItem = showList ? results[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative w-full max-w-md">
      <label htmlFor={inputId} className="sr-only">
        Search pages
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? optionId(active) : undefined}
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
          Search or jump to...
        </span>
      )}
      <kbd className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-line bg-surface px-1.5 py-0.5 font-sans text-[11px] font-medium text-muted sm:block">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-2 min-w-64 overflow-hidden rounded-xl border border-line bg-surface shadow-lg',
          !showList && 'hidden',
        )}
      >
        <ul id={listId} role="listbox" aria-label="Pages" className="max-h-80 overflow-y-auto p-1.5">
          {results.map((item, index) => {
            const Icon = item.icon;
            return (
              <li
                key={item.to}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(item)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
                  index === active ? 'bg-accent-soft text-accent-fg' : 'text-fg',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1 truncate">{item.label}</span>
                {index === active && <CornerDownLeft className="size-3.5 opacity-70" aria-hidden="true" />}
              </li>
            );
          })}
        </ul>
        {results.length === 0 && <p className="px-4 py-3 text-sm text-muted">No pages match &ldquo;{query}&rdquo;</p>}
      </div>
    </div>
  );
}

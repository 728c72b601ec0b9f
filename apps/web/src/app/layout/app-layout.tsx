import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { lazyDialog } from '@/components/lazy-dialog';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { Header } from './header';
import { SIDEBAR_COLLAPSED, SIDEBAR_EXPANDED, SidebarContent } from './sidebar';

/** The overlay's dialog code loads the first time the menu opens on a small screen. */
const MobileSidebar = lazyDialog(async () => (await import('./mobile-sidebar')).MobileSidebar);

/** SPEC.md's mobile breakpoint: under 768px the sidebar is an overlay. */
const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * The signed-in frame: a sidebar (290px, or 90px collapsed and widening while hovered or focused),
 * a header, and the page. Under 768px the sidebar is a modal overlay with a backdrop.
 */
export function AppLayout() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [peek, setPeek] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  // A navigation closes the overlay; so does growing past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page or the breakpoint changes
  useEffect(() => setMobileOpen(false), [pathname, isDesktop]);

  const wide = !collapsed || peek;

  return (
    <div className="min-h-dvh bg-page">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-accent px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      {isDesktop ? (
        <aside
          id="app-sidebar"
          aria-label="Sidebar"
          style={{ width: wide ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED }}
          onMouseEnter={() => collapsed && setPeek(true)}
          onMouseLeave={() => setPeek(false)}
          onFocus={() => collapsed && setPeek(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setPeek(false);
          }}
          className={cn(
            'fixed inset-y-0 left-0 z-40 overflow-hidden border-r border-line bg-surface transition-[width] duration-200 ease-out',
            collapsed && peek && 'shadow-2xl',
          )}
        >
          <div style={{ width: wide ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED }} className="h-full">
            <SidebarContent compact={!wide} />
          </div>
        </aside>
      ) : (
        <MobileSidebar isOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      )}

      <div
        className="transition-[padding] duration-200 ease-out"
        style={{ paddingLeft: isDesktop ? (collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_EXPANDED) : 0 }}
      >
        <Header
          isDesktop={isDesktop}
          sidebarExpanded={isDesktop ? !collapsed : mobileOpen}
          onToggleSidebar={() => {
            if (isDesktop) {
              setCollapsed((c) => !c);
              setPeek(false);
            } else setMobileOpen((o) => !o);
          }}
        />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<Spinner className="py-24" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

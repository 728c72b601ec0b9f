import { PackageOpen } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { isNavItemActive, isStaffRole, useNavItems } from './nav-items';

export const SIDEBAR_EXPANDED = 290;
export const SIDEBAR_COLLAPSED = 90;

/** The brand, the seven menu items and the customer's locker; `compact` shows icons only. */
export function SidebarContent({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const session = useSession();
  const locker = session?.user.lockerNumber;
  const role = session?.user.role;
  const staff = isStaffRole(role);
  const items = useNavItems(role);
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-16 shrink-0 items-center border-b border-line', compact ? 'justify-center px-0' : 'px-6')}>
        <Link to={staff ? '/staff' : '/dashboard'} onClick={onNavigate} className="rounded-lg">
          <BrandMark iconOnly={compact} />
        </Link>
      </div>
      <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-4 py-5">
        <p className={cn('mb-2 px-3 text-xs font-medium tracking-wider text-muted uppercase', compact && 'sr-only')}>
          {staff ? 'Warehouse' : 'Menu'}
        </p>
        <ul className="space-y-1">
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  title={compact ? item.label : undefined}
                  className={cn(
                    'group flex h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                    compact ? 'justify-center px-0' : 'px-3',
                    active ? 'bg-accent-soft text-accent-fg' : 'text-muted hover:bg-subtle hover:text-fg',
                  )}
                >
                  <Icon
                    className={cn('size-5 shrink-0', active ? 'text-accent-fg' : 'text-muted group-hover:text-fg')}
                    aria-hidden="true"
                  />
                  <span className={cn('truncate', compact && 'sr-only')}>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {locker && !staff && !compact && (
        <div className="m-4 rounded-xl border border-line bg-subtle p-4">
          <div className="flex items-center gap-2 text-xs font-medium text-muted">
            <PackageOpen className="size-4" aria-hidden="true" />
            Your locker number
          </div>
          <p className="mt-1 text-lg font-semibold tracking-wide tabular-nums text-fg">{locker}</p>
          <p className="mt-1 text-xs text-muted">Add it to every address you ship to.</p>
        </div>
      )}
    </div>
  );
}

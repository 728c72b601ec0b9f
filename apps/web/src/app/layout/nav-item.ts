import { type LucideIcon, UserRound } from 'lucide-react';

/** One entry of a sidebar menu: the portal's (nav-items.ts) or the console's (console/console-nav.ts). */
export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Extra words the header search matches. */
  keywords: string;
  /** Active only on this exact path, not below it. */
  end?: boolean;
  /** Shown to admins only. */
  adminOnly?: boolean;
}

/** Profile, the one page both menus have: a customer's and a staff member's account alike. */
export const PROFILE_NAV_ITEM: NavItem = {
  label: 'Profile',
  to: '/profile',
  icon: UserRound,
  keywords: 'account settings name email phone edit',
};

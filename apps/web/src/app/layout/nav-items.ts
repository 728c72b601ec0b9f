import type { Role } from '@hopbox/contracts/constants';
import { Camera, KeyRound, LayoutDashboard, MapPin, PackageOpen, Send, Truck, UserRound } from 'lucide-react';

import { isStaffRole } from '@/lib/roles';
import { STAFF_NAV_ITEMS } from '../console/console-nav';
import type { NavItem } from './nav-item';

export type { NavItem } from './nav-item';

/** The sidebar menu of SPEC.md, in its order; "Sent Shipments" as the page says it (decision 032). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, keywords: 'home overview locker address warehouse hosts summary' },
  {
    label: 'Received Packages',
    to: '/received-packages',
    icon: PackageOpen,
    keywords: 'packages parcels arrived inbox locker new shipment consolidate',
  },
  { label: 'Shipments Progress', to: '/shipments-progress', icon: Truck, keywords: 'consolidated in progress finish pay ready to ship' },
  { label: 'Sent Shipments', to: '/sent-shipment', icon: Send, keywords: 'sent shipments history awb tracking delivered' },
  { label: 'Photo Requests', to: '/photo-requests', icon: Camera, keywords: 'photos pictures images inspection' },
  { label: 'Addresses', to: '/addresses', icon: MapPin, keywords: 'shipping address book delivery destination' },
  { label: 'Profile', to: '/profile', icon: UserRound, keywords: 'account settings name email phone edit' },
];

export { isStaffRole };

/** The menu for a role: the customer portal's, or the console's (admin items for admins only). */
export function navItemsFor(role: Role | undefined): readonly NavItem[] {
  if (!isStaffRole(role)) return NAV_ITEMS;
  return STAFF_NAV_ITEMS.filter((item) => !item.adminOnly || role === 'admin');
}

/** Search-only shortcuts to a part of a page. */
export const SEARCH_SHORTCUTS: readonly NavItem[] = [
  { label: 'Change Password', to: '/profile#change-password', icon: KeyRound, keywords: 'password security reset' },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/dashboard') return pathname === '/' || pathname === '/dashboard';
  if (item.end) return pathname === item.to;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** Items whose label or keywords contain every word of the query, labels first. */
export function searchNavItems(items: readonly NavItem[], query: string): NavItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const scored = items
    .map((item) => {
      const label = item.label.toLowerCase();
      const haystack = `${label} ${item.keywords}`;
      if (!words.every((w) => haystack.includes(w))) return null;
      const score = words.every((w) => label.includes(w)) ? (label.startsWith(words[0] ?? '') ? 0 : 1) : 2;
      return { item, score };
    })
    .filter((entry): entry is { item: NavItem; score: number } => entry !== null);
  return scored.sort((a, b) => a.score - b.score).map((entry) => entry.item);
}

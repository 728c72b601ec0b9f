import type { Role } from '@hopbox/contracts/constants';
import { Camera, KeyRound, LayoutDashboard, LifeBuoy, MapPin, PackageOpen, Send, TriangleAlert, Truck } from 'lucide-react';

import { useEffect, useState } from 'react';
import { isStaffRole } from '@/lib/roles';
import { type NavItem, PROFILE_NAV_ITEM } from './nav-item';

export type { NavItem } from './nav-item';

/** The sidebar menu of SPEC.md, in its order; "Sent Shipments" as the page says it (decision 032); then Claims and Support. */
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
  PROFILE_NAV_ITEM,
  { label: 'Claims', to: '/claims', icon: TriangleAlert, keywords: 'claim lost damaged missing items wrong weight refund' },
  { label: 'Support', to: '/support', icon: LifeBuoy, keywords: 'help contact question damaged missing message' },
];

export { isStaffRole };

/** The console's menu once loaded: customers never load it (its icons and words stay out of the portal's bundle). */
let consoleMenu: readonly NavItem[] | null = null;
const loadConsoleMenu = () =>
  import('../console/console-nav').then(({ STAFF_NAV_ITEMS }) => {
    consoleMenu = STAFF_NAV_ITEMS;
    return STAFF_NAV_ITEMS;
  });

/** The console's frame has its menu at hand: staff see it from the first render there. */
export function primeConsoleMenu(items: readonly NavItem[]) {
  consoleMenu ??= items;
}

/** The menu for a role given the console's items: the customer portal's, or the console's (admin items for admins only). */
export function navItemsFor(role: Role | undefined, staffItems: readonly NavItem[] | null = consoleMenu): readonly NavItem[] {
  if (!isStaffRole(role)) return NAV_ITEMS;
  return (staffItems ?? []).filter((item) => !item.adminOnly || role === 'admin');
}

/** The menu for a role, as a hook: a staff account's loads with the console (at once there, in a moment elsewhere). */
export function useNavItems(role: Role | undefined): readonly NavItem[] {
  const [staffItems, setStaffItems] = useState(consoleMenu);
  const staff = isStaffRole(role);
  useEffect(() => {
    if (staff && !staffItems) void loadConsoleMenu().then(setStaffItems);
  }, [staff, staffItems]);
  return navItemsFor(role, staffItems);
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

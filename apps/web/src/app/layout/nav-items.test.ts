import { describe, expect, it } from 'vitest';
import { STAFF_NAV_ITEMS } from '../console/console-nav';
import { isNavItemActive, isStaffRole, NAV_ITEMS, navItemsFor, SEARCH_SHORTCUTS, searchNavItems } from './nav-items';

const labels = (query: string) => searchNavItems([...NAV_ITEMS, ...SEARCH_SHORTCUTS], query).map((i) => i.label);

describe('menu', () => {
  it("lists SPEC.md's seven items in order, then Claims (decision 066) and Support (decision 058)", () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Dashboard',
      'Received Packages',
      'Shipments Progress',
      'Sent Shipments',
      'Photo Requests',
      'Addresses',
      'Profile',
      'Claims',
      'Support',
    ]);
  });

  it('marks Dashboard active at / and /dashboard', () => {
    const dashboard = NAV_ITEMS[0];
    if (!dashboard) throw new Error('no items');
    expect(isNavItemActive(dashboard, '/')).toBe(true);
    expect(isNavItemActive(dashboard, '/dashboard')).toBe(true);
    expect(isNavItemActive(dashboard, '/profile')).toBe(false);
  });
});

describe('searchNavItems', () => {
  it('lists everything for an empty query', () => {
    expect(labels('  ')).toHaveLength(NAV_ITEMS.length + SEARCH_SHORTCUTS.length);
  });

  it('matches labels first, then keywords', () => {
    expect(labels('pho')[0]).toBe('Photo Requests');
    expect(labels('awb')).toEqual(['Sent Shipments']);
    expect(labels('claim')[0]).toBe('Claims');
    expect(labels('password')[0]).toBe('Change Password');
    expect(labels('sent ship')[0]).toBe('Sent Shipments');
  });

  it('finds nothing for unknown words', () => {
    expect(labels('zebra')).toEqual([]);
  });
});

describe('the warehouse console menu', () => {
  const labels = (role: 'user' | 'staff' | 'admin') => navItemsFor(role, STAFF_NAV_ITEMS).map((i) => i.label);

  it('is shown to staff and admins; customers keep the portal menu', () => {
    expect(isStaffRole('user')).toBe(false);
    expect(labels('user')).toEqual(NAV_ITEMS.map((i) => i.label));
    expect(labels('staff')).toEqual([
      'Overview',
      'Receive',
      'Packages',
      'Unidentified',
      'Photo Requests',
      'Package Requests',
      'Claims',
      'Consolidations',
      'Dispatch',
      'Payments',
      'Support',
      'Profile',
    ]);
    expect(labels('admin')).toEqual(STAFF_NAV_ITEMS.map((i) => i.label));
    expect(labels('admin')).toContain('Hosts');
  });

  it('marks Overview active on /staff only', () => {
    const overview = STAFF_NAV_ITEMS[0];
    if (!overview) throw new Error('no items');
    expect(isNavItemActive(overview, '/staff')).toBe(true);
    expect(isNavItemActive(overview, '/staff/receive')).toBe(false);
  });
});

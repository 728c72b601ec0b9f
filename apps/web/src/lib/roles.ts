import type { Role } from '@hopbox/contracts/constants';

/** Staff and admins work in the console; customers in the portal. */
export function isStaffRole(role: Role | undefined): boolean {
  return role === 'staff' || role === 'admin';
}

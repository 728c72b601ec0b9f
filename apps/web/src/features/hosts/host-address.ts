import type { Host } from '@hopbox/contracts/hosts';

type HostAddress = Pick<Host, 'name' | 'address' | 'city' | 'country' | 'postalCode' | 'email' | 'phone'>;

/** The host's street line with the customer's locker number appended, so parcels reach the right locker. */
export function addressWithLocker(host: Pick<Host, 'address'>, lockerNumber: string | null | undefined): string {
  return lockerNumber ? `${host.address}, Locker ${lockerNumber}` : host.address;
}

/** "Jersey City, NJ 07302" */
export function cityLine(host: Pick<Host, 'city' | 'postalCode'>): string {
  return [host.city, host.postalCode].filter(Boolean).join(', ');
}

/**
 * The text block the copy button puts on the clipboard: name, address (with the locker),
 * locker number, email and phone, ready to paste into a shop's checkout.
 */
export function hostAddressText(host: HostAddress, lockerNumber: string | null | undefined): string {
  return [
    host.name,
    addressWithLocker(host, lockerNumber),
    cityLine(host),
    host.country,
    lockerNumber ? `Locker Number: ${lockerNumber}` : null,
    host.email ? `Email: ${host.email}` : null,
    host.phone ? `Phone: ${host.phone}` : null,
  ]
    .filter((line): line is string => Boolean(line))
    .join('\n');
}

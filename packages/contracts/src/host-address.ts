import type { Host } from './hosts.ts';

type HostAddress = Pick<Host, 'address' | 'city' | 'country' | 'postalCode' | 'phone'>;

/** One line of a shop's checkout form, and what to type in it (null: leave it empty). */
export interface AddressField {
  label: string;
  value: string | null;
}

/**
 * Where the state comes before the postal code in one field ("NJ 07302", "ON M5V 2T6"): hosts keep no state of
 * their own, so a US or Canadian checkout's State field is filled from it (decision 052).
 */
const REGION_FIRST: Record<string, RegExp> = {
  'United States of America': /^([A-Z]{2}) +(\d{5}(?:-\d{4})?)$/,
  Canada: /^([A-Z]{2}) +([A-Z]\d[A-Z] ?\d[A-Z]\d)$/,
};

/**
 * The locker address as a shop's checkout asks for it (decision 052): the customer's name first; line 1 is the
 * host's street with the locker number, so the label always carries it; line 2 is what follows the street's first
 * comma ("Unit 4"); the phone is the warehouse's, which the courier calls.
 */
export function shoppingAddress(host: HostAddress, fullName: string, lockerNumber: string | null | undefined): AddressField[] {
  const comma = host.address.indexOf(',');
  const street = comma < 0 ? host.address : host.address.slice(0, comma);
  const region = host.postalCode?.match(REGION_FIRST[host.country] ?? /^$/);
  return [
    { label: 'Full name', value: fullName },
    { label: 'Address line 1', value: lockerNumber ? `${street}, Locker ${lockerNumber}` : street },
    { label: 'Address line 2', value: comma < 0 ? null : host.address.slice(comma + 1).trim() || null },
    { label: 'City', value: host.city },
    { label: 'State / Region', value: region?.[1] ?? null },
    { label: 'Postal code', value: region?.[2] ?? host.postalCode },
    { label: 'Country', value: host.country },
    { label: 'Phone', value: host.phone },
  ];
}

/** What "Copy address" puts on the clipboard: the fields' values in the form's order, one a line, empty ones left out. */
export function shoppingAddressText(fields: readonly AddressField[]): string {
  return fields
    .map((field) => field.value)
    .filter(Boolean)
    .join('\n');
}

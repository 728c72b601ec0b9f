import { isCountryName } from '@hopbox/contracts/countries';
import { formatMoney } from '@hopbox/contracts/money';
import { roundWeight } from '@hopbox/contracts/package-totals';

// The Receive form's defaults (decision 027), kept apart from the components so they are tested alone.

/** A number as staff type it (a decimal comma is a point), or NaN. */
const typedNumber = (text: string) => (text.trim() ? Number(text.trim().replace(',', '.')) : Number.NaN);

/** Unit weight as package weight ÷ quantity, to the gram; empty while either is missing or not a number. */
export function unitWeightOf(packageWeight: string, quantity: string): string {
  const weight = typedNumber(packageWeight);
  const count = typedNumber(quantity);
  if (!Number.isFinite(weight) || !Number.isFinite(count) || count < 1 || weight < 0) return '';
  return String(roundWeight(weight / count));
}

/**
 * The origin a received package most likely has (decision 027): the country of the warehouse receiving it.
 * Staff accounts are not tied to a host, so it is the active hosts' country when they share one, else
 * nothing (staff choose). A country outside the origin list is no default either.
 */
export function receivingOriginOf(hosts: readonly { country: string }[] | undefined): string {
  const countries = [...new Set((hosts ?? []).map((h) => h.country))];
  const [only] = countries;
  return countries.length === 1 && only && isCountryName(only) ? only : '';
}

/** What a customer announced of a parcel (issue "Arrivals"), as the receiving screen reads it out. */
export interface Announcement {
  customerName: string;
  lockerNumber: string;
  retailer: string;
  content: string;
  declaredValue: number | null;
  currency: string;
}

/** "Announced by Dana Demo (HB100001): Wireless headphones from Best Buy, 249.00 USD"; without a value, no amount. */
export function announcedBy(a: Announcement): string {
  const value = a.declaredValue === null ? '' : `, ${formatMoney(a.declaredValue, a.currency)}`;
  return `Announced by ${a.customerName} (${a.lockerNumber}): ${a.content} from ${a.retailer}${value}`;
}

/** A parcel whose label names another locker than the customer who announced it: received as labelled all the same. */
export function mismatchNotice(mismatch: { customerName: string; lockerNumber: string }, lockerNumber: string): string {
  return `Announced by ${mismatch.customerName} (${mismatch.lockerNumber}), received into ${lockerNumber} as labelled`;
}

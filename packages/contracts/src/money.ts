/**
 * Money (issue "Exactly once, in one place", decision 047). Amounts travel as SPEC.md's decimals (on the wire,
 * in numeric columns, in the rate card), but every sum, product and share of money is done here, in whole
 * minor units (fils for AED, cents for USD), with one rounding: half away from zero. 2 % of 503.75 AED is
 * 1,007.5 fils, so 10.08 AED; float arithmetic on the decimals says 10.07.
 *
 * The one money format of the portal, the console, the payment page and the mails (decision 032): the amount
 * with thousands separators and two decimals, then the currency code, "1,234.50 AED". A fixed locale, so the
 * browser and the server write an amount alike whatever their language.
 */

/** Whole minor units: an integer count of fils (AED) or cents (USD, EUR, GBP). */
export type Minor = number;

/** Every currency the product handles has two decimals. */
export const MINOR_PER_MAJOR = 100;

/**
 * The one rounding of money: to the nearest whole number, halves away from zero. The value is first cut to 15
 * significant digits, so the noise a float carries (1.005 * 100 = 100.49999999999999) does not decide.
 */
export function roundHalfUp(value: number): number {
  const size = Math.abs(value);
  // Cutting to 15 digits moves a value by at most 5e-15 of itself, so it can only change the result of a value that
  // close to a half; any other rounds as it is, without the cut's detour through text (a price list rounds thousands).
  const near = Math.abs(size - Math.floor(size) - 0.5) <= size * 1e-14;
  const clean = near ? Number(value.toPrecision(15)) : value;
  const rounded = Math.sign(clean) * Math.round(Math.abs(clean));
  return rounded === 0 ? 0 : rounded; // never -0
}

/** A decimal amount ("503.75", 503.75) as whole minor units (50375). */
export const toMinor = (amount: number | string): Minor => roundHalfUp(Number(amount) * MINOR_PER_MAJOR);

/** Whole minor units as the decimal amount the wire and the database carry. */
export const toMajor = (minor: Minor): number => minor / MINOR_PER_MAJOR;

/** `percent` % of an amount in minor units, rounded once. */
export const percentOf = (minor: Minor, percent: number): Minor => roundHalfUp((minor * percent) / 100);

/** An amount in minor units times a factor (a count of days, an exchange rate), rounded once. */
export const timesMinor = (minor: Minor, factor: number): Minor => roundHalfUp(minor * factor);

/** An amount in minor units split into `parts` equal shares, rounded once (a unit price from a total). */
export const shareOf = (minor: Minor, parts: number): Minor => (parts > 0 ? roundHalfUp(minor / parts) : 0);

/** A decimal amount from outside (a carrier's answer, a form) rounded to the minor unit. */
export const roundMoney = (amount: number | string): number => toMajor(toMinor(amount));

/** Decimal amounts added exactly: each in minor units, summed, back to decimals. */
export const sumMoney = (amounts: readonly (number | string)[]): number =>
  toMajor(amounts.reduce<Minor>((sum, amount) => sum + toMinor(amount), 0));

/** `a - b` on decimal amounts, exactly. */
export const subtractMoney = (a: number | string, b: number | string): number => toMajor(toMinor(a) - toMinor(b));

/** `percent` % of a decimal amount, rounded once. */
export const percentOfMoney = (amount: number | string, percent: number): number => toMajor(percentOf(toMinor(amount), percent));

/** A decimal amount times a factor (days, quantity, an exchange rate), rounded once. */
export const timesMoney = (amount: number | string, factor: number): number => toMajor(timesMinor(toMinor(amount), factor));

/** True when two decimal amounts are the same money (the same whole minor units). */
export const sameMoney = (a: number | string, b: number | string): boolean => toMinor(a) === toMinor(b);

/** True when a decimal amount has no more than the currency's two decimals (45.5, 45.50; not 45.505). */
export const hasMinorPrecision = (amount: number): boolean =>
  Number.isFinite(amount) && Math.abs(amount * MINOR_PER_MAJOR - toMinor(amount)) < 1e-6;

/**
 * Whole minor units as "1,234.50": en-US's grouping and two decimals, written from the integer rather than by an
 * `Intl.NumberFormat`, whose first use on a page loads the browser's locale data (40 to 160 ms on our machine),
 * which a page that shows amounts but no dates then need not do (decision 074).
 */
function amountText(minor: Minor): string {
  const units = Math.abs(minor);
  const whole = String(Math.floor(units / MINOR_PER_MAJOR)).replace(/\B(?=(\d{3})+$)/g, ',');
  const cents = String(units % MINOR_PER_MAJOR).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${whole}.${cents}`;
}

/** "1,234.50 AED"; 'N/A' (SPEC.md's missing value) when the amount is unknown or not a number. */
export function formatMoney(amount: number | string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return 'N/A';
  return `${amountText(toMinor(value))} ${currency}`.trim();
}

// The payment page's way back (decision 056). Kept with the money format: the two pages a payment returns to load
// this module already, and no other page pays for the words.
/** "Cancel and go back" on the payment page returns to the portal page the payment started from with this query. */
export const PAYMENT_CANCELLED_QUERY = 'payment=cancelled';
/** What that page then says. */
export const PAYMENT_CANCELLED_NOTICE = 'Payment cancelled: nothing was charged';

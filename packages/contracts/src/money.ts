/**
 * The one money format of the portal, the console, the payment page and the mails (decision 032):
 * the amount with thousands separators and two decimals, then the currency code, "1,234.50 AED".
 * A fixed locale, so the browser and the server write an amount alike whatever their language.
 */
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,234.50 AED"; 'N/A' (SPEC.md's missing value) when the amount is unknown or not a number. */
export function formatMoney(amount: number | string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return 'N/A';
  return `${AMOUNT.format(value)} ${currency}`.trim();
}

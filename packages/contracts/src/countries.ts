import isoCountries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

isoCountries.registerLocale(en);

export interface Country {
  /** ISO 3166-1 alpha-2 code, or an emirate code for the UAE's emirates. */
  code: string;
  /** The English short name; SPEC.md stores the country by this name. */
  name: string;
}

/** Every country and territory of ISO 3166-1, by English name, sorted for select lists. */
export const COUNTRIES: readonly Country[] = Object.entries(isoCountries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * The seven emirates with their courier station codes. SPEC.md's price calls map UAE locations
 * to these codes as well as to country codes.
 */
export const UAE_EMIRATES: readonly Country[] = [
  { code: 'AUH', name: 'Abu Dhabi' },
  { code: 'DXB', name: 'Dubai' },
  { code: 'SHJ', name: 'Sharjah' },
  { code: 'AJM', name: 'Ajman' },
  { code: 'UAQ', name: 'Umm Al Quwain' },
  { code: 'RAK', name: 'Ras Al Khaimah' },
  { code: 'FUJ', name: 'Fujairah' },
];

const byLowerName = new Map<string, string>();
for (const { code, name } of [...COUNTRIES, ...UAE_EMIRATES]) byLowerName.set(name.toLowerCase(), code);

/** Country (or emirate) name to code; accepts a code as well, and every alias the package knows. */
export function countryCode(nameOrCode: string): string | undefined {
  const value = nameOrCode.trim();
  if (!value) return undefined;
  const exact = byLowerName.get(value.toLowerCase());
  if (exact) return exact;
  const upper = value.toUpperCase();
  if (isoCountries.isValid(upper) && upper.length === 2) return upper;
  if (UAE_EMIRATES.some((e) => e.code === upper)) return upper;
  return isoCountries.getAlpha2Code(value, 'en') ?? undefined;
}

/** Code to the English name used across the product. */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  return UAE_EMIRATES.find((e) => e.code === upper)?.name ?? isoCountries.getName(upper, 'en', { select: 'official' });
}

/** True when the name is one of the listed countries (the sign-up country select stores names). */
export function isCountryName(name: string): boolean {
  return COUNTRIES.some((c) => c.name === name);
}

/** The ISO 3166-1 numeric code of an alpha-2 code (AE is 784): a number for records keyed by numbers, such as the audit log. */
export function countryNumericCode(code: string): number | undefined {
  const numeric = isoCountries.alpha2ToNumeric(code.toUpperCase());
  return numeric ? Number(numeric) : undefined;
}

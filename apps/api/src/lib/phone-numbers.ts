import { countryCode } from '@hopbox/contracts/countries';
import { phoneMessages } from '@hopbox/contracts/phone-messages';
import { normalizePhone } from '@hopbox/contracts/validation';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from './errors.ts';

/** The emirates the country lists also offer (contracts' UAE_EMIRATES) dial as the United Arab Emirates. */
const EMIRATE_CODES = new Set(['AUH', 'DXB', 'SHJ', 'AJM', 'UAQ', 'RAK', 'FUJ']);

/** The country (by the name the product stores) whose numbers a local number is read as, if its numbering is known. */
function dialingCountry(country: string | null | undefined): CountryCode | undefined {
  const code = country ? countryCode(country) : undefined;
  if (!code) return undefined;
  if (EMIRATE_CODES.has(code)) return 'AE';
  return isSupportedCountry(code) ? code : undefined;
}

/**
 * A phone number as typed ("050 123 4567", "+971 50 123 4567", "(201) 555-0142") in E.164 ("+971501234567"), read
 * with the country chosen in the same form when it has no "+"; null when it is no valid number of that country or,
 * with a "+", of its own. Full metadata, so a number is checked against the country's ranges, not only its length
 * (decision 052).
 */
export function phoneInE164(text: string, country: string | null | undefined): string | null {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: dialingCountry(country), extract: false });
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The phone of a form to store: in E.164, or a 400 naming `field` with `message`. One the record already has
 * (compared without spaces) is kept as it is, so an old number that is no longer valid never blocks a change to the
 * record's other fields; a new or edited one is always stored in E.164.
 */
export function phoneToStore(
  text: string,
  { country, field, message, stored }: { country: string | null | undefined; field: string; message: string; stored?: string | null },
): string {
  const e164 = phoneInE164(text, country);
  if (e164) return e164;
  if (stored && normalizePhone(stored) === normalizePhone(text)) return stored;
  throw badRequest(message, field);
}

/** An optional phone of a form with a country (an address's, a host's): empty stays null; a refusal names the country. */
export function optionalPhoneToStore(text: string | null, country: string, field: string, stored?: string | null): string | null {
  return text && phoneToStore(text, { country, field, message: phoneMessages.invalidForCountry(country), stored });
}

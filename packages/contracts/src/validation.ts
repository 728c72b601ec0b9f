import { z } from 'zod';

/** A trimmed string that must not be empty; `message` covers both a missing and an empty value. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/**
 * A string refused at once when longer than `max`: `abort` stops the later checks (patterns,
 * lookups), so their work is bounded by `max` whatever the size of the request.
 */
export function boundedString(max: number, message?: string) {
  return z.string(message ? { error: message } : undefined).max(max, { message, abort: true });
}

/** An optional trimmed string of at most `max` characters; missing, null and empty all become null. */
export function optionalText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);
}

/**
 * A number sent as a JSON number or as text (a URL, a form); pipe it into the number's rules.
 * Anything else is refused before coercion, which would first join an array of any size into a string.
 */
export function numberOrText(message: string) {
  return z.union([z.number(), z.string().max(32)], { error: message }).pipe(z.coerce.number({ error: message }));
}

/** Text that reads as a number not below zero: digits, then at most one decimal part. */
export const UNSIGNED_NUMBER_TEXT = /^\d+(\.\d+)?$/;
/** Text that reads as a number, a minus allowed. */
export const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number typed in a form (text) or sent as JSON. Text is bounded by `maxLength` and must match `pattern`, so
 * "12abc" or an empty field is refused with `message` rather than read as 0; pipe it into the number's rules.
 */
export function formNumber(message: string, { maxLength, pattern }: { maxLength: number; pattern: RegExp }) {
  return z.union([z.number(), z.string().trim().max(maxLength, { message, abort: true }).regex(pattern, message).transform(Number)], {
    error: message,
  });
}

export { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './constants.ts';

/**
 * The light check of a phone number, applied after normalizePhone: an international number (a plus, a first digit
 * 1-9) or a local one (digits, "050 123 4567"), at most 16 digits as SPEC.md says. Whether it is a real number of
 * the form's country only the API knows: it reads it with libphonenumber and stores E.164 (decision 052).
 */
export const MOBILE_PATTERN = /^(?:\+[1-9]\d{0,15}|\d{1,16})$/;
/** Room for the 16 digits of MOBILE_PATTERN with the spaces people type between groups. */
export const PHONE_INPUT_MAX_LENGTH = 40;

/** A typed phone number without the spaces, dashes, dots and brackets people put between its groups. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]+/g, '');
}

/** An optional phone field (an address's, a host's): MOBILE_PATTERN's light check; missing and empty become null. */
export function optionalPhone(message: string) {
  return z
    .string()
    .trim()
    .max(PHONE_INPUT_MAX_LENGTH, message)
    .nullish()
    .transform((v) => (v ? normalizePhone(v) : null))
    .refine((v) => v === null || MOBILE_PATTERN.test(v), message);
}

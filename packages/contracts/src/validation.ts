import { z } from 'zod';

/** A trimmed string that must not be empty; `message` covers both a missing and an empty value. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** SPEC.md's simple x@y.z email rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC.md's mobile rule, applied after removing spaces: optional plus, first digit 1-9, at most 16 digits. */
export const MOBILE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

import { z } from 'zod';
import { addressSchema } from './addresses.ts';
import { countsSchema } from './counts.ts';
import { messages } from './messages.ts';
import { hasMinorPrecision } from './money.ts';
import { DEFAULT_FREE_STORAGE_DAYS, DEFAULT_STORAGE_FEE_PER_DAY, MAX_FREE_STORAGE_DAYS, MAX_STORAGE_FEE_PER_DAY } from './storage.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  formNumber,
  optionalPhone,
  optionalText,
  requiredString,
  UNSIGNED_NUMBER_TEXT,
} from './validation.ts';

const required = messages.addresses.requiredFields;

export const hostSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The warehouse's postal address, as a saved address keeps it; hosts keep no state of their own (decision 052). */
  ...addressSchema.pick({ address: true, city: true, country: true, postalCode: true }).shape,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  code: z.string(),
  active: z.boolean(),
  remoteAddressService: z.boolean(),
  /** Days a package stays free of charge, counted from its receivedDate (issue "Declare, insure"). */
  freeStorageDays: z.number().int(),
  /** AED per package for each started day after the free days. */
  storageFeePerDay: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Host = z.infer<typeof hostSchema>;

/** A whole or decimal number of a host's storage terms; text is refused with the field's rule rather than read as 0. */
const storageNumber = (message: string) => formNumber(message, { maxLength: 16, pattern: UNSIGNED_NUMBER_TEXT });

const FREE_DAYS_RULE = `Free storage days must be a whole number from 0 to ${MAX_FREE_STORAGE_DAYS}`;
const STORAGE_FEE_RULE = `Storage fee per day must be an amount in AED from 0 to ${MAX_STORAGE_FEE_PER_DAY}, with at most 2 decimals`;

export const freeStorageDaysSchema = storageNumber(FREE_DAYS_RULE).pipe(
  z.number().int(FREE_DAYS_RULE).min(0, FREE_DAYS_RULE).max(MAX_FREE_STORAGE_DAYS, FREE_DAYS_RULE),
);
export const storageFeePerDaySchema = storageNumber(STORAGE_FEE_RULE).pipe(
  z.number().min(0, STORAGE_FEE_RULE).max(MAX_STORAGE_FEE_PER_DAY, STORAGE_FEE_RULE).refine(hasMinorPrecision, STORAGE_FEE_RULE),
);

const HOST_CODE_RULE = 'Code must be 2 to 12 letters, digits or dashes';

export const hostInputSchema = z.object({
  name: requiredString(required).max(120),
  address: requiredString(required).max(300),
  city: requiredString(required).max(120),
  country: requiredString(required).max(120),
  postalCode: optionalText(200),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { message: messages.auth.emailInvalid, abort: true })
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), messages.auth.emailInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  /** Read by the API with `country` and stored in E.164 (decision 052). */
  phone: optionalPhone(messages.signup.mobileInvalid),
  code: requiredString(required)
    .max(12, { message: HOST_CODE_RULE, abort: true })
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,12}$/, HOST_CODE_RULE),
  active: z.boolean().default(true),
  remoteAddressService: z.boolean().default(false),
  freeStorageDays: freeStorageDaysSchema.default(DEFAULT_FREE_STORAGE_DAYS),
  storageFeePerDay: storageFeePerDaySchema.default(DEFAULT_STORAGE_FEE_PER_DAY),
});
export type HostInput = z.input<typeof hostInputSchema>;

export const hostStatsSchema = countsSchema('total', 'active', 'inactive', 'remoteAddressService', 'countries');
export type HostStats = z.infer<typeof hostStatsSchema>;

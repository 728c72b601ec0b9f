import { z } from 'zod';
import { messages } from './messages.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, optionalText, requiredString } from './validation.ts';

const required = messages.addresses.requiredFields;

export const hostSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  code: z.string(),
  active: z.boolean(),
  remoteAddressService: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Host = z.infer<typeof hostSchema>;

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
  phone: optionalText(200),
  code: requiredString(required)
    .max(12, { message: HOST_CODE_RULE, abort: true })
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,12}$/, HOST_CODE_RULE),
  active: z.boolean().default(true),
  remoteAddressService: z.boolean().default(false),
});
export type HostInput = z.input<typeof hostInputSchema>;

export const hostStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  remoteAddressService: z.number().int(),
  countries: z.number().int(),
});
export type HostStats = z.infer<typeof hostStatsSchema>;

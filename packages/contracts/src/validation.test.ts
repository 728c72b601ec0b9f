import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressInputSchema } from './addresses.ts';
import {
  changePasswordSchema,
  emailSchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  refreshSchema,
  resetPasswordSchema,
  resetTokenQuerySchema,
  signInSchema,
} from './auth.ts';
import { hostInputSchema } from './hosts.ts';
import { messages } from './messages.ts';
import { notificationPrefsSchema } from './notifications.ts';
import { packageEditSchema, packagesQuerySchema, receivePackageSchema, staffPackagesQuerySchema } from './packages.ts';
import { consolidationPaymentSchema, paymentCheckSchema, singlePaymentSchema } from './payments.ts';
import { photoRequestsQuerySchema } from './photo-request-lists.ts';
import { createPhotoRequestSchema, staffPhotoRequestUpdateSchema } from './photo-requests.ts';
import { priceRequestSchema } from './pricing.ts';
import { createShipmentSchema, finishShipmentsSchema, staffShipmentUpdateSchema } from './shipments.ts';
import { signUpSchema } from './sign-up.ts';
import { EMAIL_PATTERN, MOBILE_PATTERN } from './validation.ts';

const MB = 1024 * 1024;
/**
 * Linear work on 1 MB takes milliseconds; a backtracking pattern takes seconds (60 KB) to hours (1 MB).
 * The margin lets a busy CI machine (parallel test workers, a GC pause) through and still fails on seconds.
 */
const FAST_MS = 500;

function elapsedMs(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Inputs that make backtracking patterns explode: long runs of what a pattern's groups share. */
const worstCases: Record<string, string> = {
  'dots after the @': `a@${'.'.repeat(MB)}@`,
  'dots then a space': `a@b${'.'.repeat(MB)} `,
  'labels that never end': `a@${'b.'.repeat(MB / 2)}@`,
  'a name that never reaches @': 'a'.repeat(MB),
  'a name with a second @ at the end': `${'a'.repeat(MB)}@b.c@`,
  'only @': '@'.repeat(MB),
  'digits then a letter': `${'1'.repeat(MB)}x`,
  'digits and dots': `${'1.'.repeat(MB / 2)}x`,
  'spaces and dashes': `${' -'.repeat(MB / 2)}x`,
};

describe('EMAIL_PATTERN: SPEC.md simple x@y.z rule', () => {
  it.each(['x@y.z', 'first.last+tag@mail.example.co.uk', "o'brien@example.ie", 'Ünal@bücher.de', 'a@b.c'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'a@b',
    '@b.c',
    'a@',
    'a@b.',
    'a@.b',
    'a@b..c',
    'a b@c.d',
    'a@b c.d',
    'a@@b.c',
    'a@b.c@d.e',
  ])('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });

  it.each(Object.entries(worstCases))('refuses 1 MB of %s in linear time', (_name, input) => {
    let matched: boolean | undefined;
    expect(elapsedMs(() => (matched = EMAIL_PATTERN.test(input)))).toBeLessThan(FAST_MS);
    expect(matched).toBe(false);
  });

  it('the mobile pattern is bounded as well', () => {
    for (const input of Object.values(worstCases)) expect(elapsedMs(() => MOBILE_PATTERN.test(input))).toBeLessThan(FAST_MS);
  });
});

describe('emailSchema', () => {
  it('keeps the messages of SPEC.md', () => {
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe(messages.auth.emailRequired);
    expect(emailSchema.safeParse('not-mail').error?.issues[0]?.message).toBe(messages.auth.emailInvalid);
    expect(emailSchema.parse('  Someone@Example.COM ')).toBe('someone@example.com');
  });

  it('refuses an address longer than 254 characters by its length alone, before any pattern', () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(emailSchema.safeParse(long).error?.issues.map((i) => i.message)).toEqual([messages.auth.emailInvalid]);
    for (const input of Object.values(worstCases)) {
      let issues: unknown[] | undefined;
      expect(elapsedMs(() => (issues = emailSchema.safeParse(input).error?.issues))).toBeLessThan(FAST_MS);
      expect(issues).toHaveLength(1);
    }
  });
});

/** Every schema the API validates a request body with, by name. */
const bodySchemas: Record<string, z.ZodObject> = {
  signInSchema,
  signUpSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  refreshSchema,
  changePasswordSchema,
  profileUpdateSchema,
  addressInputSchema,
  hostInputSchema,
  notificationPrefsSchema,
  packageEditSchema,
  receivePackageSchema,
  createPhotoRequestSchema,
  staffPhotoRequestUpdateSchema,
  priceRequestSchema,
  createShipmentSchema,
  finishShipmentsSchema,
  staffShipmentUpdateSchema,
  singlePaymentSchema,
  consolidationPaymentSchema,
  paymentCheckSchema,
};
/** Query strings carry text only, and at most the 16 KB of a request line; they get the text cases. */
const querySchemas: Record<string, z.ZodObject> = {
  resetTokenQuerySchema,
  packagesQuerySchema,
  staffPackagesQuerySchema,
  photoRequestsQuerySchema,
};

const hugeValues: [string, unknown][] = [
  ...Object.entries(worstCases),
  ['256k numbers', Array.from({ length: MB / 4 }, (_, i) => i + 1)],
  ['256k strings', Array.from({ length: MB / 4 }, () => 'HBX1')],
];

describe('request schemas: every field has a bound, so a 1 MB value is refused quickly', () => {
  const casesOf = (schemas: Record<string, z.ZodObject>, values: [string, unknown][]) =>
    Object.entries(schemas).flatMap(([name, schema]) =>
      Object.keys(schema.shape).flatMap((field) =>
        values.map(([kind, value]) => [`${name}.${field}: ${kind}`, schema, field, value] as const),
      ),
    );
  const cases = [...casesOf(bodySchemas, hugeValues), ...casesOf(querySchemas, Object.entries(worstCases))];

  it.each(cases)('%s', (_name, schema, field, value) => {
    let success: boolean | undefined;
    expect(elapsedMs(() => (success = schema.safeParse({ [field]: value }).success))).toBeLessThan(FAST_MS);
    expect(success).toBe(false);
  });
});

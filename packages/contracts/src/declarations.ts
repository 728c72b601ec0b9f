import { z } from 'zod';
import { isCountryName } from './countries.ts';
import { declarationMessages } from './declaration-messages.ts';
import { DECLARATION_TOTAL_MAX, declarationTotal, ITEM_QUANTITY_MAX, ITEM_VALUE_MAX } from './declaration-rules.ts';
import { hasMinorPrecision } from './money.ts';

/**
 * A package's customs declaration (issue "Declare, insure"): what is in it, item by item. The package's
 * value is the declaration's total (decision 037).
 */

export const DECLARATION_MAX_ITEMS = 50;
export const DESCRIPTION_MIN = 3;
export const DESCRIPTION_MAX = 200;
export { DECLARATION_TOTAL_MAX, ITEM_QUANTITY_MAX, ITEM_VALUE_MAX } from './declaration-rules.ts';

export const declarationItemInputSchema = z.object({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(DESCRIPTION_MIN, `Description must be ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters`)
    .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters`),
  hsCode: z
    .string()
    .trim()
    .max(32, { message: 'HS code must be 6 to 10 digits', abort: true })
    .transform((v) => v.replace(/[\s.]/g, ''))
    .refine((v) => v === '' || /^\d{6,10}$/.test(v), 'HS code must be 6 to 10 digits')
    .nullish()
    .transform((v) => v || null),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number of at least 1' })
    .int('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1')
    .max(ITEM_QUANTITY_MAX, `Quantity can be at most ${ITEM_QUANTITY_MAX}`),
  unitValue: z.coerce
    .number({ error: 'Unit value must be a number' })
    .min(0, 'Unit value cannot be negative')
    .max(ITEM_VALUE_MAX, `Unit value can be at most ${ITEM_VALUE_MAX}`)
    .refine(hasMinorPrecision, 'Unit value can have at most 2 decimals'),
  /** Always the package's currency; sent back as given, refused when it is another. */
  currency: z.string().trim().max(3, { message: 'Currency must be a 3-letter code', abort: true }).toUpperCase().optional(),
  originCountry: z
    .string({ error: 'Origin country is required' })
    .trim()
    .min(1, 'Origin country is required')
    .max(120, { message: 'Origin country must be a country from the list', abort: true })
    .refine(isCountryName, 'Origin country must be a country from the list'),
});
export type DeclarationItemInput = z.input<typeof declarationItemInputSchema>;

export const declarationInputSchema = z.object({
  items: z
    .array(declarationItemInputSchema, { error: 'Items must be a list' })
    .min(1, 'Declare at least one item')
    .max(DECLARATION_MAX_ITEMS, `A declaration can list at most ${DECLARATION_MAX_ITEMS} items`)
    .refine((items) => declarationTotal(items) <= DECLARATION_TOTAL_MAX, `The declared total can be at most ${DECLARATION_TOTAL_MAX}`),
  /** The `version` of the declaration the client edited: an older one is refused (409 DECLARATION_CHANGED, decision 055). */
  version: z.string().max(64).optional(),
});
export type DeclarationInput = z.input<typeof declarationInputSchema>;

export const declarationItemSchema = z.object({
  description: z.string(),
  hsCode: z.string().nullable(),
  quantity: z.number().int(),
  unitValue: z.number(),
  currency: z.string(),
  originCountry: z.string().nullable(),
});
export type DeclarationItem = z.infer<typeof declarationItemSchema>;

export const declarationSchema = z.object({
  items: z.array(declarationItemSchema),
  complete: z.boolean(),
  totalValue: z.number(),
  currency: z.string(),
  /** Changes whenever an item does (an edit of the declaration or of the package): sent back when saving. */
  version: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const declarationResponseSchema = z.object({ success: z.literal(true), data: declarationSchema });

export { declarationTotal, isDeclarationComplete, isItemComplete } from './declaration-rules.ts';

export const incompleteDeclarationMessage = declarationMessages.incomplete;

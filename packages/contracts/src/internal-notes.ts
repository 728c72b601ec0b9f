import { z } from 'zod';
import { boundedString } from './validation.ts';

/**
 * Internal notes: what staff write about a package or a shipment for one another ("fragile, pack
 * with the glass on top", "customer called, hold until Monday"). They never leave the console: no
 * customer answer, mail or PDF carries them (decision 053). The notes a customer may read are the
 * package's receipt notes and a photo request's staff notes, labelled as such in the console.
 */
export const INTERNAL_NOTE_MAX = 1000;
export const INTERNAL_NOTE_ENTITIES = ['package', 'shipment'] as const;
export type InternalNoteEntity = (typeof INTERNAL_NOTE_ENTITIES)[number];

export const internalNoteMessages = {
  required: 'Write the note first',
  tooLong: `A note can be at most ${INTERNAL_NOTE_MAX} characters`,
} as const;

export const internalNoteInputSchema = z.object({
  body: boundedString(INTERNAL_NOTE_MAX * 2, internalNoteMessages.tooLong)
    .trim()
    .min(1, internalNoteMessages.required)
    .max(INTERNAL_NOTE_MAX, internalNoteMessages.tooLong),
});
export type InternalNoteInput = z.input<typeof internalNoteInputSchema>;

export const internalNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

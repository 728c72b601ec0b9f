import { z } from 'zod';
import { numberOrText } from './validation.ts';

const MAX_INT = 2_147_483_647;

/** A database id from a URL or body: a positive whole number that fits PostgreSQL's integer. */
export function idOf(message = 'No such id') {
  return numberOrText(message).pipe(z.number().int(message).positive(message).max(MAX_INT, message));
}
export const idSchema = idOf();
export const idParamsSchema = z.object({ id: idSchema });

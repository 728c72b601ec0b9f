import { z } from 'zod';

/** The one error shape every API failure answers with (SPEC.md section 8 reads `error` or `message`). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

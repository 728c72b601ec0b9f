import { z } from 'zod';

/**
 * A file a customer attached to a record (a pre-alert's invoice, a package request's return label, a support
 * message's file) as answers describe it: its name and type as uploaded, its size in bytes, and where it is read.
 */
export const attachedFileSchema = z.object({ fileName: z.string(), mimeType: z.string(), fileSize: z.number().int(), url: z.string() });
export type AttachedFile = z.infer<typeof attachedFileSchema>;

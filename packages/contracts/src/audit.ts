import { z } from 'zod';

/** One line of an audit trail (decision 009): who did what, when, with the changed fields before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string(),
  actorEmail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

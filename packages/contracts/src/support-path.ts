// No zod here: links to the support page are drawn on pages that load no schema.
import type { SupportSubjectType } from './support.ts';

/** The customer's Support page, where every "contact support" leads, starting a conversation about `about` when given (decision 058). */
export function supportPath(about?: { type: Exclude<SupportSubjectType, 'general'>; ref: string }) {
  return about ? `/support?about=${about.type}&ref=${encodeURIComponent(about.ref)}` : '/support';
}

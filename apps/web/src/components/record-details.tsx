import type { ReactNode } from 'react';
import { type AuditTrailProps, AuditTrailSection } from './audit-trail-slot';

/** A console record's detail view: its badges on top, its sections, and its audit trail last. */
export function RecordDetails({ badges, audit, children }: { badges: ReactNode; audit: AuditTrailProps; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">{badges}</div>
      {children}
      <AuditTrailSection {...audit} />
    </div>
  );
}

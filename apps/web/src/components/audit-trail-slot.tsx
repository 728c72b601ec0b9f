import { createContext, type ReactNode, useContext } from 'react';
import type { AuditEntity } from '@/lib/staff-keys';

export interface AuditTrailProps {
  entity: AuditEntity;
  id: number;
  title?: string;
}

const AuditTrailContext = createContext<((props: AuditTrailProps) => ReactNode) | null>(null);

/**
 * Where a console detail view shows a record's history. The audit feature draws it; the console
 * (app/console) provides it, so the domain features that show it need not import the audit feature.
 */
export const AuditTrailProvider = AuditTrailContext.Provider;

/** The record's audit trail, as provided by the console; nothing outside it. */
export function AuditTrailSlot(props: AuditTrailProps) {
  const render = useContext(AuditTrailContext);
  return render ? render(props) : null;
}

/** The record's audit trail as the last section of a detail view, below a rule. */
export function AuditTrailSection(props: AuditTrailProps) {
  return (
    <div className="border-t border-line pt-5">
      <AuditTrailSlot {...props} />
    </div>
  );
}

import { type AuditTrailProps, AuditTrailProvider } from '@/components/audit-trail-slot';
import { AuditTrail } from '@/features/audit/components/audit-trail';
import { AppLayout } from '../layout/app-layout';

const renderAuditTrail = (props: AuditTrailProps) => <AuditTrail {...props} />;

/** The console's frame: the app layout, with the audit feature drawing every detail view's history. */
export function ConsoleLayout() {
  return (
    <AuditTrailProvider value={renderAuditTrail}>
      <AppLayout />
    </AuditTrailProvider>
  );
}

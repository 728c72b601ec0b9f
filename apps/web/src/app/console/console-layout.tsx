import { type AuditTrailProps, AuditTrailProvider } from '@/components/audit-trail-slot';
import { AuditTrail } from '@/features/audit/components/audit-trail';
import { AppLayout } from '../layout/app-layout';
import { primeConsoleMenu } from '../layout/nav-items';
import { STAFF_NAV_ITEMS } from './console-nav';
import { SecondFactorGate } from './second-factor-gate';

primeConsoleMenu(STAFF_NAV_ITEMS);

const renderAuditTrail = (props: AuditTrailProps) => <AuditTrail {...props} />;

/**
 * The console's frame: the app layout, with the audit feature drawing every detail view's history; an account
 * without a second factor sees the enrolment page instead (decision 049).
 */
export function ConsoleLayout() {
  return (
    <SecondFactorGate>
      <AuditTrailProvider value={renderAuditTrail}>
        <AppLayout />
      </AuditTrailProvider>
    </SecondFactorGate>
  );
}

import { messages } from '@hopbox/contracts/messages';
import { CreditCard, PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useDashboardSummary } from '../api/get-dashboard-summary';

/**
 * Decision 026: a consolidation packed and ready waits for the customer's payment; the dashboard says so
 * first, with the way to pay (that consolidation's payment when there is one, Shipments Progress otherwise).
 */
export function ReadyToPayBanner() {
  const summary = useDashboardSummary();
  const count = summary.data?.readyToPay ?? 0;
  const first = summary.data?.readyToPayShipmentId;
  if (count === 0 || !first) return null;
  const to = count === 1 ? `/shipments-progress?pay=${encodeURIComponent(first)}` : '/shipments-progress';
  return (
    <section
      aria-label="Ready to pay"
      className="flex flex-col gap-3 rounded-xl border border-accent/30 bg-accent-soft px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="flex min-w-0 items-start gap-3">
        <PackageCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">{messages.shipments.readyToPay(count)}</p>
          <p className="mt-0.5 text-sm text-muted">
            {count === 1 ? `${first} is priced from its packed box.` : 'Each is priced from its packed box.'} Pay to send it on its way.
          </p>
        </div>
      </div>
      <Link to={to} className={buttonClasses('primary', 'md', 'shrink-0 self-start sm:self-auto')}>
        <CreditCard className="size-4" aria-hidden="true" />
        {count === 1 ? 'Pay now' : 'Review and pay'}
      </Link>
    </section>
  );
}

import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** A payment return page reached with no payment to confirm. */
export function NoPaymentState({ title, back }: { title: string; back: { label: string; to: string } }) {
  return (
    <>
      <PageHeader tabTitle={title} title={title} />
      <EmptyState
        icon={CreditCard}
        title="No payment is waiting to be confirmed."
        description="After you pay for a shipment, the payment page brings you back here and we confirm the result."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/sent-shipment" className={buttonClasses('primary')}>
              View My Shipments
            </Link>
            <Link to={back.to} className={buttonClasses('secondary')}>
              {back.label}
            </Link>
          </div>
        }
      />
    </>
  );
}

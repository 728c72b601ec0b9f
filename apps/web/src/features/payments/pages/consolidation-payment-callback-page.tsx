import { NoPaymentState } from '../components/no-payment-state';

/** /user/consolidation-payment-callback: where a consolidated shipment's payment returns. */
export default function ConsolidationPaymentCallbackPage() {
  return <NoPaymentState title="Consolidation Payment" back={{ label: 'Back to Shipments Progress', to: '/shipments-progress' }} />;
}

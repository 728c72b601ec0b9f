import { NoPaymentState } from '../components/no-payment-state';

/** /user/shipment-payment-callback: where a single-package payment returns. */
export default function ShipmentPaymentCallbackPage() {
  return <NoPaymentState title="Shipment Payment" back={{ label: 'Back to Packages', to: '/received-packages' }} />;
}

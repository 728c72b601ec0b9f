import { PaymentCallback } from '../components/payment-callback';

/** /user/shipment-payment-callback?ref=…: where a single-package payment returns. */
export default function ShipmentPaymentCallbackPage() {
  return <PaymentCallback kind="shipment" />;
}

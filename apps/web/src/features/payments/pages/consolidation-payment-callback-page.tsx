import { PaymentCallback } from '../components/payment-callback';

/** /user/consolidation-payment-callback?ref=…: where a consolidated shipment's payment returns. */
export default function ConsolidationPaymentCallbackPage() {
  return <PaymentCallback kind="consolidation" />;
}

import { PaymentCallback } from '../components/payment-callback';

/** /user/request-payment-callback?ref=…: where a return's or discard's fee payment returns (decision 068). */
export default function RequestPaymentCallbackPage() {
  return <PaymentCallback kind="request" />;
}

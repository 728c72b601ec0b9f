import { messages } from '@hopbox/contracts/messages';
import { supportPath } from '@hopbox/contracts/support-path';
import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-errors';
import type { PaymentKind } from '../api/check-payment';
import { usePaymentOutcome } from '../api/payment-outcome';
import { PaymentNote, PaymentResult, Reference } from './payment-result';

interface Copy {
  title: string;
  back: { label: string; to: string };
  paid: (codes: string[]) => string;
  /** What could not be completed when money was taken for nothing. */
  notCompleted: string;
  /** Where the result is seen: the shipments, or the package a request's fee was paid for. */
  view: (hopboxId?: string) => { label: string; to: string };
}

const viewShipmentsLink = () => ({ label: 'View My Shipments', to: '/sent-shipment' });

const COPY: Record<PaymentKind, Copy> = {
  shipment: {
    title: 'Shipment Payment',
    back: { label: 'Back to Packages', to: '/received-packages' },
    paid: (codes) =>
      codes.length > 0
        ? `Your payment was received and shipment ${codes[0]} has been created. It is now on its way to dispatch.`
        : 'Your payment was received and your shipment has been created.',
    notCompleted: 'Payment Received, Shipment Not Completed',
    view: viewShipmentsLink,
  },
  consolidation: {
    title: 'Consolidation Payment',
    back: { label: 'Back to Shipments Progress', to: '/shipments-progress' },
    paid: (codes) =>
      codes.length > 0
        ? `Your payment was received. ${codes.length === 1 ? `Shipment ${codes[0]} is` : `Shipments ${codes.join(', ')} are`} finished and will be dispatched soon.`
        : 'Your payment was received and your shipment is finished. It will be dispatched soon.',
    notCompleted: 'Payment Received, Shipment Not Completed',
    view: viewShipmentsLink,
  },
  request: {
    title: 'Service Fee Payment',
    back: { label: 'Back to Packages', to: '/received-packages' },
    paid: () => 'Your payment was received. The warehouse can now start on your request.',
    notCompleted: 'Payment Received, Request Not Completed',
    // Package Details of the request's package (Received Packages opens it from `?package=`).
    view: (hopboxId) =>
      hopboxId
        ? { label: 'View the Package', to: `/received-packages?package=${encodeURIComponent(hopboxId)}` }
        : { label: 'View My Packages', to: '/received-packages' },
  },
};

function ViewLink({ copy, hopboxId, variant = 'primary' }: { copy: Copy; hopboxId?: string; variant?: 'primary' | 'secondary' }) {
  const view = copy.view(hopboxId);
  return (
    <Link to={view.to} className={buttonClasses(variant)}>
      {view.label}
    </Link>
  );
}

/**
 * The payment return page of SPEC.md: reads `ref`, checks the payment once, and shows checking,
 * success or failed, with View My Shipments, the way back, and Try Again.
 */
/** "contact support", leading to a conversation about the payment (decision 058). */
function SupportLink({ reference }: { reference: string | null }) {
  return (
    <Link to={supportPath(reference ? { type: 'payment', ref: reference } : undefined)} className="font-medium underline">
      contact support
    </Link>
  );
}

export function PaymentCallback({ kind }: { kind: PaymentKind }) {
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || null;
  const outcome = usePaymentOutcome(kind, ref);
  const copy = COPY[kind];
  const back = (
    <Link to={copy.back.to} className={buttonClasses('secondary')}>
      {copy.back.label}
    </Link>
  );
  const supportWarning = (reference: string | null, waitBeforePaying = false) => (
    <PaymentNote>
      If you were charged but see this failure, please <SupportLink reference={reference} />
      {reference ? (
        <>
          {' '}
          with your payment reference <Reference value={reference} />
        </>
      ) : null}
      .{waitBeforePaying && ' Please do not pay again until we have confirmed the result.'}
    </PaymentNote>
  );

  let body: ReactNode;
  if (!ref) {
    body = (
      <PaymentResult
        state="failed"
        title={messages.payments.invalidReference}
        actions={
          <>
            <ViewLink copy={copy} />
            {back}
          </>
        }
      >
        <p>This page is opened by the payment provider after a payment, with the payment reference in its address.</p>
      </PaymentResult>
    );
  } else if (outcome.isPending || (outcome.isFetching && !outcome.data)) {
    body = (
      <PaymentResult state="checking" title="Verifying your payment...">
        <p>We are confirming the payment with the payment provider. Please do not close this page.</p>
      </PaymentResult>
    );
  } else if (outcome.isError) {
    const unknownRef = outcome.error instanceof ApiError && outcome.error.status === 404;
    body = (
      <PaymentResult
        state="failed"
        title={unknownRef ? messages.payments.invalidReference : messages.payments.verifyFailed}
        actions={
          <>
            <Button onClick={() => void outcome.refetch()} loading={outcome.isFetching}>
              {!outcome.isFetching && <RotateCcw className="size-4" aria-hidden="true" />}
              Try Again
            </Button>
            <ViewLink copy={copy} variant="secondary" />
            {back}
          </>
        }
      >
        <p>We could not confirm the result of this payment with the payment provider. Try again in a moment.</p>
        {supportWarning(ref, true)}
      </PaymentResult>
    );
  } else if (outcome.data.state === 'success') {
    const result = outcome.data;
    body = (
      <PaymentResult
        state="success"
        title="Payment Successful"
        actions={
          <>
            <ViewLink copy={copy} hopboxId={result.hopboxId} />
            {kind !== 'request' && back}
          </>
        }
      >
        <p>{copy.paid(result.shipmentCodes)}</p>
        <p>
          Payment reference: <Reference value={result.orderRef} />
        </p>
        {result.followUpFailed && (
          <PaymentNote>
            Your payment went through, but this browser could not confirm the{' '}
            {kind === 'shipment' ? 'shipment details' : 'finished shipments'} (for example after a reload or in another tab). If{' '}
            {kind === 'shipment' ? 'the shipment does' : 'they do'} not appear under View My Shipments, please{' '}
            <SupportLink reference={result.orderRef} /> with your payment reference <Reference value={result.orderRef} />.
          </PaymentNote>
        )}
      </PaymentResult>
    );
  } else {
    const result = outcome.data;
    body = (
      <PaymentResult
        state="failed"
        title={result.captured ? copy.notCompleted : 'Payment Failed'}
        actions={
          <>
            <Link to={kind === 'request' ? copy.view(result.hopboxId).to : copy.back.to} className={buttonClasses('primary')}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Try Again
            </Link>
            {kind === 'request' ? back : <ViewLink copy={copy} variant="secondary" />}
          </>
        }
      >
        <p>{result.message}</p>
        {supportWarning(result.orderRef)}
      </PaymentResult>
    );
  }

  return (
    <>
      <PageHeader tabTitle={copy.title} title={copy.title} />
      {body}
    </>
  );
}

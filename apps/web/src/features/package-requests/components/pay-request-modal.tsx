import { formatMoney } from '@hopbox/contracts/money';
import { PACKAGE_REQUEST_TYPE_LABELS, type PackageRequest, packageRequestWords } from '@hopbox/contracts/package-requests';
import { balanceSplit, PAID_FROM_BALANCE, withAccountBalance } from '@hopbox/contracts/price-breakdown';
import { useState } from 'react';
import { ActionModal } from '@/components/action-modal';
import { BalanceOption } from '@/components/balance-option';
import { useAccountBalance } from '@/lib/account-balance';
import { goToPaymentPage } from '@/lib/payment-link';
import { toast } from '@/lib/toast';
import { usePayRequestFee } from '../api/request-payment';

/**
 * "Pay <fee>" of a return or discard (decision 068): the fee, the account balance when there is one (all it can, the
 * card the rest, as the server charges it), then the provider's hosted page, or paid at once when the balance covers it.
 */
export function PayRequestModal({ request, isOpen, onClose }: { request: PackageRequest; isOpen: boolean; onClose: () => void }) {
  const pay = usePayRequestFee();
  const balance = useAccountBalance();
  const [useBalance, setUseBalance] = useState(false);
  const split = balanceSplit(request.amountDue, useBalance ? balance : 0);
  const charge = withAccountBalance([{ label: PACKAGE_REQUEST_TYPE_LABELS[request.type], amount: request.amountDue }], split.fromBalance);
  const money = (amount: number) => formatMoney(amount, request.currency);
  const byCard = split.card > 0;

  const proceed = async () => {
    const link = await pay.mutateAsync({
      id: request.id,
      amount: split.card,
      useBalance: split.fromBalance > 0,
      currency: request.currency,
    });
    toast.success(link.paid ? PAID_FROM_BALANCE : 'Redirecting to the payment page...');
    goToPaymentPage(link);
  };

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title={packageRequestWords.payTitle}
      action={byCard ? `Pay ${money(split.card)} by card` : `Pay ${money(split.fromBalance)} from balance`}
      pendingAction="Preparing payment..."
      mutation={pay}
      onAction={proceed}
    >
      <p className="text-muted">
        {PACKAGE_REQUEST_TYPE_LABELS[request.type]} of package <span className="font-medium text-fg">{request.hopboxId}</span>.{' '}
        {packageRequestWords.feeUnpaidHint}
      </p>
      <section aria-label="Amount to pay" className="rounded-xl border border-line bg-subtle/60 p-4">
        <h3 className="text-sm font-semibold text-fg">Amount to pay by card</h3>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums" data-testid="request-fee-amount">
          {money(charge.total)}
        </p>
        <dl className="mt-3 divide-y divide-line border-y border-line" aria-label="Price lines">
          {charge.lines.map((line) => (
            <div key={line.label} className="flex items-baseline justify-between gap-4 py-1.5">
              <dt className="text-muted">{line.label}</dt>
              <dd className="whitespace-nowrap text-right text-fg tabular-nums">{money(line.amount)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-muted">
          {byCard ? 'You pay by card on the secure payment page, then come back here.' : 'Nothing is charged to a card.'}
        </p>
      </section>
      <BalanceOption
        balance={balance}
        split={balanceSplit(request.amountDue, balance)}
        currency={request.currency}
        checked={useBalance}
        onChange={setUseBalance}
        disabled={pay.isPending}
      />
    </ActionModal>
  );
}

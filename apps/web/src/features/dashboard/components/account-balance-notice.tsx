import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { formatMoney } from '@hopbox/contracts/money';
import { Wallet } from 'lucide-react';
import { useDashboardSummary } from '../api/get-dashboard-summary';

/** The account balance (decision 063), when there is one: what it holds and where it is spent. */
export function AccountBalanceNotice() {
  const balance = useDashboardSummary().data?.accountBalance ?? 0;
  if (!(balance > 0)) return null;
  return (
    <section aria-label="Account balance" className="flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3.5 sm:px-5">
      <Wallet className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold text-fg">
          Account balance: <span className="tabular-nums">{formatMoney(balance, DEFAULT_CURRENCY)}</span>
        </p>
        <p className="mt-0.5 text-sm text-muted">
          It pays for your shipments: choose "Use my account balance" when you pay, and the card pays only what is left.
        </p>
      </div>
    </section>
  );
}

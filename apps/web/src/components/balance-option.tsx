import { formatMoney } from '@hopbox/contracts/money';
import { Wallet } from 'lucide-react';
import { ChoiceCard } from '@/components/choice-card';

/**
 * Pay with the account balance (decision 063), unticked until the customer chooses it and shown only when there is a
 * balance: what it pays of this price and what is left for the card, split as the server charges it.
 */
export function BalanceOption({
  balance,
  split,
  currency,
  checked,
  onChange,
  disabled = false,
}: {
  balance: number;
  split: { fromBalance: number; card: number };
  currency: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  if (!(balance > 0)) return null;
  return (
    <ChoiceCard
      icon={Wallet}
      title={`Use my account balance (${formatMoney(balance, currency)})`}
      hint={
        split.card > 0
          ? `Your balance pays ${formatMoney(split.fromBalance, currency)}; the card pays the other ${formatMoney(split.card, currency)}.`
          : 'Your balance pays all of it: no card payment is needed.'
      }
      checked={checked}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

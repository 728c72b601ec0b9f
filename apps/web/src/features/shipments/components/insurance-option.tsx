import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { formatMoney } from '@hopbox/contracts/money';
import { ShieldCheck } from 'lucide-react';
import { ChoiceCard } from '@/components/choice-card';

/**
 * The optional insurance of a shipment (issue "Declare, insure"), unticked until the customer chooses it: what a
 * claim pays at most (the declared value, capped) and what it costs, both from the server's offer.
 */
export function InsuranceOption({
  offer,
  checked,
  onChange,
  disabled = false,
}: {
  offer: { premium: number; cover: number } | null | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const available = Boolean(offer && offer.premium > 0);
  return (
    <ChoiceCard
      icon={ShieldCheck}
      title={available && offer ? `Insure this shipment for ${formatMoney(offer.premium, DEFAULT_CURRENCY)}` : 'Insure this shipment'}
      hint={
        available && offer
          ? `Covers loss or damage up to ${formatMoney(offer.cover, DEFAULT_CURRENCY)}, the declared value of its contents. Without it, the carrier's liability limits apply.`
          : 'Nothing to insure: the declared value of the contents is zero.'
      }
      checked={checked && available}
      onChange={onChange}
      disabled={disabled || !available}
    />
  );
}

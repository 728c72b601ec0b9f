import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { formatMoney } from '@hopbox/contracts/money';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';

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
  const hintId = useId();
  const available = Boolean(offer && offer.premium > 0);
  return (
    <div className="rounded-xl border border-line p-4">
      <label className="flex items-start gap-3 text-sm text-fg">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-line-strong accent-[var(--accent)] focus:ring-2 focus:ring-ring/30"
          checked={checked && available}
          disabled={disabled || !available}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
        />
        <span className="min-w-0">
          <span className="flex items-center gap-1.5 font-medium">
            <ShieldCheck className="size-4 text-accent" aria-hidden="true" />
            {available && offer ? `Insure this shipment for ${formatMoney(offer.premium, DEFAULT_CURRENCY)}` : 'Insure this shipment'}
          </span>
          <span id={hintId} className="mt-0.5 block text-xs text-muted">
            {available && offer
              ? `Covers loss or damage up to ${formatMoney(offer.cover, DEFAULT_CURRENCY)}, the declared value of its contents. Without it, the carrier's liability limits apply.`
              : 'Nothing to insure: the declared value of the contents is zero.'}
          </span>
        </span>
      </label>
    </div>
  );
}

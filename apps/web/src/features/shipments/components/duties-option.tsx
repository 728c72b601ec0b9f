import { type Duties, dutiesParts, dutiesWords } from '@hopbox/contracts/duties';
import { formatMoney } from '@hopbox/contracts/money';
import { Landmark } from 'lucide-react';
import { ChoiceCard } from '@/components/choice-card';

/**
 * What customs is expected to ask at the destination (decision 071), in plain words, and the choice to prepay it
 * with the shipping. Nothing to choose when nothing is due or nothing could be estimated: it says why.
 */
export function DutiesOption({
  duties,
  prepaid,
  onChange,
  disabled = false,
  canPrepay = true,
}: {
  duties: Duties | null | undefined;
  prepaid: boolean;
  onChange: (prepaid: boolean) => void;
  disabled?: boolean;
  /** False where the choice is made later (a consolidation before it is packed): the estimate is shown alone. */
  canPrepay?: boolean;
}) {
  if (!duties) return null;
  if (!duties.estimated || duties.total <= 0 || !canPrepay) {
    return (
      <div className="rounded-xl border border-line p-4 text-sm" data-testid="duties-estimate">
        <p className="flex items-center gap-1.5 font-medium text-fg">
          <Landmark className="size-4 text-accent" aria-hidden="true" />
          Import duties and taxes
        </p>
        <p className="mt-0.5 text-xs text-muted">{dutiesWords(duties)}</p>
        {duties.estimated && duties.total > 0 && <p className="mt-0.5 text-xs text-muted">{dutiesParts(duties)}</p>}
      </div>
    );
  }
  const amount = formatMoney(duties.total, duties.currency);
  return (
    <div data-testid="duties-estimate">
      <ChoiceCard
        icon={Landmark}
        title={`Prepay import duties and taxes of ${amount}`}
        hint={`${dutiesWords(duties)} ${dutiesParts(duties)}.`}
        checked={prepaid}
        onChange={onChange}
        disabled={disabled}
      />
    </div>
  );
}

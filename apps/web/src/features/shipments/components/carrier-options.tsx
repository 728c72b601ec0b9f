import { type CarrierOption, optionMarks, transitWords } from '@hopbox/contracts/carrier-options';
import { formatMoney } from '@hopbox/contracts/money';
import { Truck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/badge';
import { cn } from '@/lib/cn';

/**
 * The carriers' options as a short list to choose from (decision 070): carrier and product, delivery time, price,
 * the cheapest and the fastest marked. Each is a radio whose name is its whole visible line.
 */
export function CarrierOptions({
  options,
  chosen,
  onChoose,
  disabled = false,
  note,
}: {
  options: readonly CarrierOption[];
  chosen: string | null | undefined;
  onChoose: (id: string) => void;
  disabled?: boolean;
  note?: string;
}) {
  const name = useId();
  const noteId = useId();
  if (options.length === 0) return null;
  return (
    <fieldset className="rounded-xl border border-line p-4" aria-describedby={note ? noteId : undefined} data-testid="carrier-options">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-fg">
        <Truck className="size-4 text-accent" aria-hidden="true" />
        Carrier and delivery time
      </legend>
      <ul className="mt-1 space-y-2">
        {options.map((option) => {
          const checked = option.id === chosen;
          const marks = optionMarks(option, options);
          return (
            <li key={option.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                  checked ? 'border-accent bg-accent-soft/40' : 'border-line hover:bg-subtle',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onChoose(option.id)}
                  className="size-4 shrink-0 accent-[var(--accent)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-fg">
                    {option.name}
                    {marks.map((mark) => (
                      <Badge key={mark} tone={mark === 'Cheapest' ? 'green' : 'blue'}>
                        {mark}
                      </Badge>
                    ))}
                  </span>
                  <span className="block text-xs text-muted">{transitWords(option.transitDays)}</span>
                </span>
                <span className="whitespace-nowrap font-semibold tabular-nums text-fg">{formatMoney(option.price, option.currency)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {note && (
        <p id={noteId} className="mt-2 text-xs text-muted">
          {note}
        </p>
      )}
    </fieldset>
  );
}

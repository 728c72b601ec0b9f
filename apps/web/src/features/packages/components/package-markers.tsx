import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { formatMoney } from '@hopbox/contracts/money';
import { requestOpenWords } from '@hopbox/contracts/package-request-marker';
import { type Storage, storageTone } from '@hopbox/contracts/storage';
import { Clock, FileWarning } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/badge';
import { formatDate } from '@/lib/format';

const TONES = { neutral: 'gray', warning: 'yellow', accruing: 'red' } as const satisfies Record<string, BadgeTone>;

/** What the countdown says: the free days left, or the fee accrued once they are over. */
export function storageText(storage: Storage): string {
  if (storageTone(storage) === 'accruing') {
    return storage.feeAccrued > 0 ? `Storage fee ${formatMoney(storage.feeAccrued, 'AED')}` : 'Free storage ended';
  }
  const days = storage.daysLeft === 1 ? '1 day' : `${storage.daysLeft} days`;
  return storageTone(storage) === 'warning' ? `${days} free left` : `${days} free`;
}

/**
 * A package's free storage: neutral while plenty is left, amber in its last days, red once fees accrue
 * (with the amount). The date the free days end is in its title.
 */
export function StorageCountdown({ storage }: { storage: Storage }) {
  return (
    <span title={`Free storage until ${formatDate(storage.freeUntil)}`} className="inline-flex">
      <Badge tone={TONES[storageTone(storage)]} className="tabular-nums">
        <Clock className="size-3" aria-hidden="true" />
        {storageText(storage)}
      </Badge>
    </span>
  );
}

/** Marks a package whose customs declaration is incomplete: it cannot be shipped until it is completed. */
export function DeclarationNeededBadge() {
  return (
    <Badge tone="orange">
      <FileWarning className="size-3" aria-hidden="true" />
      {declarationMessages.needed}
    </Badge>
  );
}

/** Marks a package the warehouse is working on at the customer's request (decision 061): it ships once that is done or refused. */
export const RequestOpenBadge = () => (
  <Badge tone="blue" dot>
    {requestOpenWords.marker}
  </Badge>
);

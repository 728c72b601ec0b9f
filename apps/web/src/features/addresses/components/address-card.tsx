import type { Address } from '@hopbox/contracts/addresses';
import { recipientOf } from '@hopbox/contracts/recipient';
import { MapPin, Pencil, Phone, Star, Trash2, UserRound } from 'lucide-react';
import { Badge } from '@/components/badge';
import { Button, IconButton } from '@/components/button';
import { cn } from '@/lib/cn';
import { formatCityLine } from '@/lib/format';
import { useSession } from '@/lib/use-session';

/** One saved address: its label, the default badge, the address and its actions. */
export function AddressCard({
  address,
  onEdit,
  onDelete,
  onSetDefault,
  settingDefault,
}: {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
  settingDefault: boolean;
}) {
  const accountName = useSession()?.user.fullName ?? '';
  const recipient = recipientOf(address.recipientName, accountName);
  const cityLine = formatCityLine(address);
  return (
    <li
      className={cn(
        'flex flex-col rounded-xl border bg-surface shadow-xs',
        address.isDefault ? 'border-accent/60 ring-1 ring-accent/30' : 'border-line',
      )}
      aria-label={address.label}
    >
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-fg">
            <MapPin className="size-[18px]" aria-hidden="true" />
          </span>
          <h2 className="truncate text-base font-semibold text-fg">{address.label}</h2>
        </div>
        {address.isDefault && (
          <Badge tone="accent" dot>
            Default
          </Badge>
        )}
      </div>
      <address className="flex-1 space-y-0.5 px-5 pt-3 pb-4 text-sm break-words text-muted not-italic">
        {recipient && (
          <p className="flex items-center gap-1.5 pb-1 font-medium text-fg">
            <UserRound className="size-3.5 shrink-0 text-muted" aria-hidden="true" />
            <span className="sr-only">Recipient: </span>
            {recipient}
          </p>
        )}
        <p className="text-fg">{address.address}</p>
        {cityLine && <p>{cityLine}</p>}
        <p>{address.country}</p>
        {address.phoneNumber && (
          <p className="flex items-center gap-1.5 pt-1">
            <Phone className="size-3.5 shrink-0" aria-hidden="true" />
            {address.phoneNumber}
          </p>
        )}
      </address>
      <div className="flex items-center gap-1 border-t border-line px-3 py-2">
        {address.isDefault ? (
          <span className="px-2 text-xs text-muted">Used first for new shipments</span>
        ) : (
          <Button variant="ghost" size="sm" onClick={onSetDefault} loading={settingDefault} className="px-2">
            {!settingDefault && <Star className="size-3.5" aria-hidden="true" />}
            Set as Default
            <span className="sr-only"> for {address.label}</span>
          </Button>
        )}
        <div className="ml-auto flex items-center gap-0.5">
          <IconButton onClick={onEdit} aria-label={`Edit ${address.label}`} title="Edit">
            <Pencil className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton onClick={onDelete} aria-label={`Delete ${address.label}`} title="Delete" className="hover:bg-danger-soft">
            <Trash2 className="size-4 text-danger" aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

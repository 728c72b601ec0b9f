import { type Address, recipientOf } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { QueryLoadError } from '@/components/load-error';
import { Skeleton } from '@/components/skeleton';
import { TextAreaField } from '@/components/textarea-field';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';

/** One address as lines: who receives it (the customer when no one is named); street; city, state postal code; country; phone. */
export function addressLines(a: Address, customerName: string): string[] {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const recipient = recipientOf(a.recipientName, customerName);
  return [recipient ? `For ${recipient}` : '', a.address, cityLine, a.country, a.phoneNumber ? `Phone: ${a.phoneNumber}` : ''].filter(
    Boolean,
  );
}

/** The signed-in customer's name: who receives at an address that names no one. */
export const useCustomerName = () => useSession()?.user.fullName ?? '';

/**
 * Step 2: the address book as radio cards (the default chosen first), Add address (the new one is then
 * chosen, and the wizard keeps its packages and step), and optional notes.
 */
export function AddressStep({
  addresses,
  selectedId,
  onSelect,
  onAddAddress,
  notes,
  onNotesChange,
  error,
}: {
  addresses: UseQueryResult<Address[]>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Opens the address form over the wizard; without it the empty book links to the Addresses page. */
  onAddAddress?: () => void;
  notes: string;
  onNotesChange: (notes: string) => void;
  error?: string;
}) {
  const customerName = useCustomerName();
  if (addresses.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Loading addresses">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (addresses.isError) {
    return <QueryLoadError query={addresses} fallback={messages.addresses.loadFailed} />;
  }
  if (addresses.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-line-strong px-5 py-8 text-center">
        <MapPin className="mx-auto size-6 text-muted" aria-hidden="true" />
        <p className="mt-3 text-sm text-fg" role="alert">
          {messages.shipments.noAddresses}
        </p>
        {onAddAddress ? (
          <Button size="sm" className="mt-4" onClick={onAddAddress}>
            <Plus className="size-4" aria-hidden="true" />
            Add address
          </Button>
        ) : (
          <Link to="/addresses" className={cn(buttonClasses('primary', 'sm'), 'mt-4')}>
            Go to Addresses
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <fieldset aria-describedby={error ? 'wizard-address-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-fg">Shipping address</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {addresses.data.map((a) => {
            const checked = a.id === selectedId;
            return (
              <label
                key={a.id}
                className={cn(
                  'relative flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  checked ? 'border-accent bg-accent-soft/60' : 'border-line bg-surface hover:border-line-strong',
                )}
              >
                <input
                  type="radio"
                  name="shipping-address"
                  value={a.id}
                  checked={checked}
                  onChange={() => onSelect(a.id)}
                  className="mt-0.5 size-4 shrink-0 accent-[var(--accent)] focus-visible:outline-none"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-semibold text-fg">{a.label}</span>
                    {a.isDefault && <Badge tone="accent">Default</Badge>}
                  </span>
                  {addressLines(a, customerName).map((line) => (
                    <span key={line} className="mt-0.5 block text-sm break-words text-muted">
                      {line}
                    </span>
                  ))}
                </span>
              </label>
            );
          })}
          {onAddAddress && (
            <button
              type="button"
              onClick={onAddAddress}
              className="flex min-h-20 items-center justify-center gap-2 rounded-xl border border-dashed border-line-strong p-4 text-sm font-medium text-accent-fg transition-colors hover:border-accent hover:bg-accent-soft/40"
            >
              <Plus className="size-4" aria-hidden="true" />
              Add address
            </button>
          )}
        </div>
        {error && (
          <p id="wizard-address-error" className="mt-2 text-xs font-medium text-danger" role="alert">
            {error}
          </p>
        )}
      </fieldset>

      <TextAreaField
        label="Notes (optional)"
        value={notes}
        maxLength={1000}
        rows={2}
        onChange={(event) => onNotesChange(event.target.value)}
        placeholder="Anything the warehouse or the courier should know"
        hint="Shown to our warehouse team and printed with the shipment."
      />
    </div>
  );
}

import { shoppingAddress, shoppingAddressText } from '@hopbox/contracts/host-address';
import type { Host } from '@hopbox/contracts/hosts';
import { Warehouse } from 'lucide-react';
import { Button } from '@/components/button';
import { CopyButton } from '@/components/copy-button';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { useSession } from '@/lib/use-session';
import { useActiveHosts } from '../api/get-active-hosts';

/** One warehouse as a shop's checkout asks for it: each field with its own copy button, and the whole block. */
function HostAddressItem({ host, fullName, lockerNumber }: { host: Host; fullName: string; lockerNumber: string | null }) {
  const fields = shoppingAddress(host, fullName, lockerNumber);
  return (
    <li className="@container rounded-lg border border-line bg-surface p-3.5">
      <div className="flex items-center justify-between gap-3">
        <h4 className="font-medium text-fg">{host.name}</h4>
        <CopyButton value={shoppingAddressText(fields)} label="Address" showLabel />
      </div>
      <dl className="mt-2 grid gap-x-4 @md:grid-cols-2">
        {fields.map(({ label, value }) => (
          <div key={label} className="flex min-h-8 min-w-0 items-center gap-2 border-t border-line py-0.5">
            <dt className="w-26 shrink-0 text-xs text-muted">{label}</dt>
            <dd className="flex min-w-0 flex-1 items-center justify-between gap-1 text-sm">
              <span className={value ? 'min-w-0 break-words text-fg' : 'text-muted'}>{value ?? 'N/A'}</span>
              {value && <CopyButton value={value} label={label} />}
            </dd>
          </div>
        ))}
      </dl>
      {host.email && <p className="mt-1 truncate text-xs text-muted">Warehouse email: {host.email}</p>}
    </li>
  );
}

/** The active warehouses as addresses to ship to, each with the customer's locker number. */
export function LockerAddressList({ lockerNumber }: { lockerNumber: string | null }) {
  const hosts = useActiveHosts();
  const fullName = useSession()?.user.fullName ?? '';

  if (hosts.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (hosts.isError) {
    return (
      <div className="rounded-lg border border-line p-4 text-sm">
        <p className="text-danger">{errorMessage(hosts.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => hosts.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (hosts.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        <Warehouse className="mb-2 size-5" aria-hidden="true" />
        No shipping locations are open right now.
      </div>
    );
  }
  return (
    <ul aria-label="Shipping locations" className="max-h-[250px] space-y-2 overflow-y-auto pr-1">
      {hosts.data.map((host) => (
        <HostAddressItem key={host.id} host={host} fullName={fullName} lockerNumber={lockerNumber} />
      ))}
    </ul>
  );
}

import { TIMINGS } from '@hopbox/contracts/constants';
import type { Host } from '@hopbox/contracts/hosts';
import { Check, Copy, Mail, Phone, Warehouse } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, IconButton } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { copyText } from '@/lib/clipboard';
import { lazyToast as toast } from '@/lib/toast';
import { useActiveHosts } from '../api/get-active-hosts';
import { addressWithLocker, cityLine, hostAddressText } from '../host-address';

function HostAddressItem({ host, lockerNumber }: { host: Host; lockerNumber: string | null }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyText(hostAddressText(host, lockerNumber));
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), TIMINGS.copyCheckMark);
    } catch {
      toast.error('The address could not be copied. Please select and copy it by hand.');
    }
  };

  return (
    <li className="rounded-lg border border-line bg-surface p-3.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-fg">{host.name}</p>
          <address className="mt-1 text-sm leading-relaxed text-muted not-italic">
            <span className="text-fg">{addressWithLocker(host, lockerNumber)}</span>
            <br />
            {cityLine(host)}
            <br />
            {host.country}
          </address>
        </div>
        <IconButton
          aria-label={`Copy ${host.name} address`}
          onClick={copy}
          className={copied ? 'text-success hover:text-success' : undefined}
        >
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        </IconButton>
      </div>
      {(host.email || host.phone) && (
        <div className="mt-2.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {host.email && (
            <span className="flex min-w-0 items-center gap-1.5">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{host.email}</span>
            </span>
          )}
          {host.phone && (
            <span className="flex items-center gap-1.5">
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              {host.phone}
            </span>
          )}
        </div>
      )}
      <span className="sr-only" aria-live="polite">
        {copied ? `${host.name} address copied` : ''}
      </span>
    </li>
  );
}

/** The active warehouses as addresses to ship to, each with the customer's locker number. */
export function LockerAddressList({ lockerNumber }: { lockerNumber: string | null }) {
  const hosts = useActiveHosts();

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
        <HostAddressItem key={host.id} host={host} lockerNumber={lockerNumber} />
      ))}
    </ul>
  );
}

import { type HostPackageRequestFees, type PackageRequestFee, packageRequestWords } from '@hopbox/contracts/package-requests';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { UnitField } from '@/components/unit-field';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useRequestFeeTable, useSetRequestFee } from '../api/request-fees';

/** One request type's fee at one warehouse: edited in place, saved on its own. */
function FeeRow({ host, fee }: { host: HostPackageRequestFees; fee: PackageRequestFee }) {
  const save = useSetRequestFee();
  const [value, setValue] = useState(String(fee.fee));
  const [error, setError] = useState<string>();
  const changed = value.trim() !== String(fee.fee);
  const submit = async () => {
    if (host.hostId === null) return;
    setError(undefined);
    try {
      await save.mutateAsync({ hostId: host.hostId, type: fee.type, fee: Number(value) });
      toast.success(packageRequestWords.feeSaved, { description: `${host.hostName} · ${fee.label}` });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-4 py-3 last:border-b-0 sm:flex-nowrap sm:px-5">
      <div className="flex min-w-0 flex-1 basis-full flex-wrap items-center gap-2 sm:basis-auto">
        <p className="text-sm font-medium text-fg">{fee.label}</p>
        {fee.isDefault && <Badge tone="gray">Default</Badge>}
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <UnitField
          label={`Fee for ${fee.label}`}
          unit={fee.currency}
          unitName={fee.currency}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          containerClassName="w-40 [&_label]:sr-only"
        />
        <Button type="submit" variant="secondary" disabled={!changed} loading={save.isPending} aria-label={`Save fee for ${fee.label}`}>
          Save
        </Button>
      </form>
    </li>
  );
}

/**
 * Service fees (admins, from the Package requests page): what each warehouse charges for each package request type
 * (decision 061). A type a warehouse never set charges the default; a change applies to requests asked from then on.
 */
export function RequestFeesModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const table = useRequestFeeTable();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Service fees"
      description="What each warehouse charges. Customers see the fee before they ask; requests already made keep theirs."
      maxWidth="max-w-xl"
    >
      {table.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : table.isError ? (
        <LoadError message={errorMessage(table.error)} onRetry={() => table.refetch()} />
      ) : table.data.length === 0 ? (
        <EmptyState icon={Coins} title="No active warehouses" description="Add a warehouse on the Hosts page to set its fees." />
      ) : (
        <div className="space-y-4">
          {table.data.map((host) => (
            <TitledCard key={host.hostId ?? 'default'} title={host.hostName ?? 'Defaults'} description={host.country ?? undefined}>
              <ul>
                {host.fees.map((fee) => (
                  <FeeRow key={`${fee.type}-${fee.fee}`} host={host} fee={fee} />
                ))}
              </ul>
            </TitledCard>
          ))}
        </div>
      )}
    </Modal>
  );
}

import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import { MapPin, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useSetDefaultAddress } from '../api/set-default-address';
import { AddressCard } from '../components/address-card';
import { DeleteAddressDialog } from '../components/delete-address-dialog';

const AddressFormModal = lazyDialog(async () => (await import('../components/address-form-modal')).AddressFormModal);

/** Failure toasts name SPEC.md's message and, when the server said something specific, why. */
function failureToast(title: string, error: unknown) {
  const reason = errorMessage(error, title);
  toast.error(title, { description: reason === title ? undefined : reason });
}

/** /addresses: the address book as a card grid, with add/edit, delete, and set as default. */
export default function AddressesPage() {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  useEffect(() => {
    if (addresses.isError) toast.error(messages.addresses.loadFailed, { id: 'addresses-load-failed' });
  }, [addresses.isError]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(messages.addresses.deleted);
      setDeleting(null);
    } catch (err) {
      failureToast(messages.addresses.deleteFailed, err);
    }
  };

  const makeDefault = async (address: Address) => {
    try {
      await setDefault.mutateAsync(address.id);
      toast.success(messages.addresses.defaultUpdated);
    } catch (err) {
      failureToast(messages.addresses.defaultFailed, err);
    }
  };

  const addButton = (
    <Button onClick={() => setEditing({ address: null })}>
      <Plus className="size-4" aria-hidden="true" />
      Add Address
    </Button>
  );
  const list = addresses.data ?? [];

  return (
    <>
      <PageHeader
        tabTitle="Addresses"
        title="Addresses"
        description="Where we deliver your shipments. The default address is chosen first when you create a shipment."
        actions={list.length > 0 ? addButton : undefined}
      />

      {addresses.isPending && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading addresses">
          {[0, 1, 2].map((i) => (
            <li key={i} className="rounded-xl border border-line bg-surface p-5">
              <Skeleton className="h-6 w-32" />
              <Skeleton className="mt-4 h-4 w-full" />
              <Skeleton className="mt-2 h-4 w-2/3" />
              <Skeleton className="mt-2 h-4 w-1/3" />
            </li>
          ))}
        </ul>
      )}

      <QueryLoadError query={addresses} fallback={messages.addresses.loadFailed} />

      {addresses.isSuccess && list.length === 0 && (
        <EmptyState
          icon={MapPin}
          title="You have not saved any shipping addresses yet."
          description="Addresses saved here are offered when you create a shipment. Your first address becomes your default."
          action={addButton}
        />
      )}

      {list.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Saved addresses">
          {list.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={() => setEditing({ address })}
              onDelete={() => setDeleting(address)}
              onSetDefault={() => makeDefault(address)}
              settingDefault={setDefault.isPending && setDefault.variables === address.id}
            />
          ))}
        </ul>
      )}

      <AddressFormModal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        address={editing?.address ?? null}
        isFirst={list.length === 0}
      />
      <DeleteAddressDialog address={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} deleting={remove.isPending} />
    </>
  );
}

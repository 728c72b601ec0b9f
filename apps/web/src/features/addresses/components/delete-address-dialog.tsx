import type { Address } from '@hopbox/contracts/addresses';
import { messages } from '@hopbox/contracts/messages';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';

/** The delete confirmation of SPEC.md section 5. */
export function DeleteAddressDialog({
  address,
  onCancel,
  onConfirm,
  deleting,
}: {
  address: Address | null;
  onCancel: () => void;
  onConfirm: () => void;
  deleting: boolean;
}) {
  return (
    <Modal
      isOpen={address !== null}
      onClose={deleting ? () => {} : onCancel}
      title="Delete Address"
      description={messages.addresses.confirmDelete}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      {address && (
        <div className="rounded-lg border border-line bg-subtle px-4 py-3 text-sm">
          <p className="font-medium text-fg">{address.label}</p>
          <p className="mt-0.5 text-muted">{[address.address, address.city, address.country].join(', ')}</p>
          {address.isDefault && (
            <p className="mt-2 text-xs text-muted">This is your default address; another saved address becomes the default.</p>
          )}
        </div>
      )}
    </Modal>
  );
}

import type { Host } from '@hopbox/contracts/hosts';
import { ActionModal } from '@/components/action-modal';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useDeleteHost } from '../api/delete-host';

/** Asks before deleting; a host with shipments is refused (409) and the reason stays on screen. */
export function DeleteHostModal({ host, onClose }: { host: Host | null; onClose: () => void }) {
  const remove = useDeleteHost();
  return (
    <ActionModal
      isOpen={host !== null}
      onClose={onClose}
      title="Delete host"
      action="Delete"
      pendingAction="Deleting..."
      variant="danger"
      mutation={remove}
      onAction={async () => {
        if (!host) return;
        try {
          await remove.mutateAsync(host.id);
          toast.success(`${host.name} deleted`);
        } catch (err) {
          toast.error(errorMessage(err));
          throw err;
        }
      }}
    >
      {host && (
        <p>
          Delete <strong>{host.name}</strong> ({host.code})? Customers stop seeing its address. This cannot be undone.
        </p>
      )}
    </ActionModal>
  );
}

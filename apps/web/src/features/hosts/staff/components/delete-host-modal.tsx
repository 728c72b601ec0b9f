import type { Host } from '@hopbox/contracts/hosts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';
import { useDeleteHost } from '../api/delete-host';

/** Asks before deleting; a host with shipments is refused (409) and the reason stays on screen. */
export function DeleteHostModal({ host, onClose }: { host: Host | null; onClose: () => void }) {
  const remove = useDeleteHost();
  useEffect(() => {
    if (host) remove.reset();
  }, [host, remove.reset]);

  return (
    <Modal
      isOpen={host !== null}
      onClose={onClose}
      title="Delete host"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={async () => {
              if (!host) return;
              try {
                await remove.mutateAsync(host.id);
                toast.success(`${host.name} deleted`);
                onClose();
              } catch (err) {
                toast.error(errorMessage(err));
              }
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      {host && (
        <div className="space-y-4 text-sm text-fg">
          <p>
            Delete <strong>{host.name}</strong> ({host.code})? Customers stop seeing its address. This cannot be undone.
          </p>
          {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        </div>
      )}
    </Modal>
  );
}

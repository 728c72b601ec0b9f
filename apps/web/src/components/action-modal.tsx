import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';

export interface ActionModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** The action's button, e.g. "Delete", and what it says while the action runs, e.g. "Deleting...". */
  action: string;
  pendingAction: string;
  variant?: 'primary' | 'danger';
  disabled?: boolean;
  /** The mutation the action runs: reset each time the dialog opens, its error shown under `children`. */
  mutation: Pick<UseMutationResult<unknown, Error, never>, 'isPending' | 'isError' | 'error' | 'reset'>;
  /** Runs the action; once it resolves the dialog closes, and if it throws the dialog stays open with the error. */
  onAction: () => Promise<void>;
  children: ReactNode;
}

/**
 * A dialog that asks for one action on one thing (delete a host, remove a pre-alert, attach an invoice): Cancel, and the
 * action's button, which says it is working. A refusal (a 409, a file the API does not take) stays on screen.
 */
export function ActionModal({
  isOpen,
  onClose,
  title,
  action,
  pendingAction,
  variant = 'primary',
  disabled,
  mutation,
  onAction,
  children,
}: ActionModalProps) {
  const { reset } = mutation;
  useEffect(() => {
    if (isOpen) reset();
  }, [isOpen, reset]);

  const act = async () => {
    try {
      await onAction();
      onClose();
    } catch {
      // Shown in the dialog below.
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={variant} loading={mutation.isPending} disabled={disabled} onClick={act}>
            {mutation.isPending ? pendingAction : action}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-fg">
        {children}
        {mutation.isError && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
      </div>
    </Modal>
  );
}

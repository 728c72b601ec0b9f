import type { PreAlert } from '@hopbox/contracts/arrivals';
import { useEffect, useState } from 'react';
import { ActionModal } from '@/components/action-modal';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { toast } from '@/lib/toast';
import { useAttachInvoice } from '../api/arrivals';

/** Attaches (or replaces) the retailer's invoice of a pre-alert: customs read it with the parcel's declaration. */
export function AttachInvoiceModal({ isOpen, preAlert, onClose }: { isOpen: boolean; preAlert: PreAlert | null; onClose: () => void }) {
  const attach = useAttachInvoice();
  const [files, setFiles] = useState<File[]>([]);
  const problem = documentProblem(files, 1);
  useEffect(() => {
    if (isOpen) setFiles([]);
  }, [isOpen]);

  const [file] = files;
  const replacing = preAlert?.invoice != null;
  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title={replacing ? 'Replace invoice' : 'Attach invoice'}
      action="Attach invoice"
      pendingAction="Attaching..."
      disabled={!file || problem !== null}
      mutation={attach}
      onAction={async () => {
        if (!preAlert || !file || problem) return;
        await attach.mutateAsync({ id: preAlert.id, file });
        toast.success(`Invoice attached to ${preAlert.trackingNumber}`);
      }}
    >
      {preAlert && (
        <>
          <p>
            The retailer's invoice for <strong className="font-mono break-all">{preAlert.trackingNumber}</strong> ({preAlert.retailer}), for
            customs.
            {replacing && ` It replaces ${preAlert.invoice?.fileName}.`}
          </p>
          <DocumentPicker files={files} onChange={setFiles} error={problem} multiple={false} label="Choose a file" />
        </>
      )}
    </ActionModal>
  );
}

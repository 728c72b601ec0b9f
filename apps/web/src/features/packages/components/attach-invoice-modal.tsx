import type { PreAlert } from '@hopbox/contracts/arrivals';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DocumentPicker, documentProblem } from '@/components/file-picker';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';
import { useAttachInvoice } from '../api/arrivals';

/** Attaches (or replaces) the retailer's invoice of a pre-alert: customs read it with the parcel's declaration. */
export function AttachInvoiceModal({ isOpen, preAlert, onClose }: { isOpen: boolean; preAlert: PreAlert | null; onClose: () => void }) {
  const attach = useAttachInvoice();
  const [files, setFiles] = useState<File[]>([]);
  const problem = documentProblem(files, 1);
  useEffect(() => {
    if (!isOpen) return;
    setFiles([]);
    attach.reset();
  }, [isOpen, attach.reset]);

  const [file] = files;
  const save = async () => {
    if (!preAlert || !file || problem) return;
    try {
      await attach.mutateAsync({ id: preAlert.id, file });
      toast.success(`Invoice attached to ${preAlert.trackingNumber}`);
      onClose();
    } catch {
      // Shown in the dialog below.
    }
  };

  const replacing = preAlert?.invoice != null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={replacing ? 'Replace invoice' : 'Attach invoice'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={attach.isPending} disabled={!file || problem !== null} onClick={save}>
            {attach.isPending ? 'Attaching...' : 'Attach invoice'}
          </Button>
        </>
      }
    >
      {preAlert && (
        <div className="space-y-4 text-sm text-fg">
          <p>
            The retailer's invoice for <strong className="font-mono break-all">{preAlert.trackingNumber}</strong> ({preAlert.retailer}), for
            customs.
            {replacing && ` It replaces ${preAlert.invoice?.fileName}.`}
          </p>
          <DocumentPicker files={files} onChange={setFiles} error={problem} multiple={false} label="Choose a file" />
          {attach.isError && <Alert tone="error">{errorMessage(attach.error)}</Alert>}
        </div>
      )}
    </Modal>
  );
}

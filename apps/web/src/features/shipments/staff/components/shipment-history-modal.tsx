import type { StaffShipment } from '@hopbox/contracts/shipments';
import { AuditTrailSlot } from '@/components/audit-trail-slot';
import { Modal } from '@/components/modal';

/** Who changed a shipment, when, and what before → after. */
export function ShipmentHistoryModal({ shipment, onClose }: { shipment: StaffShipment | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={shipment !== null}
      onClose={onClose}
      title={shipment ? `History of ${shipment.shipmentId}` : 'History'}
      maxWidth="max-w-2xl"
    >
      {shipment && <AuditTrailSlot entity="shipment" id={shipment.id} title="Staff actions" />}
    </Modal>
  );
}

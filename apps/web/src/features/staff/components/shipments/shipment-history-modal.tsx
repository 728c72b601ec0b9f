import type { StaffShipment } from '@hopbox/contracts/shipments';
import { Modal } from '@/components/modal';
import { AuditTrail } from '../audit-trail';

/** Who changed a shipment, when, and what before → after. */
export function ShipmentHistoryModal({ shipment, onClose }: { shipment: StaffShipment | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={shipment !== null}
      onClose={onClose}
      title={shipment ? `History of ${shipment.shipmentId}` : 'History'}
      maxWidth="max-w-2xl"
    >
      {shipment && <AuditTrail entity="shipment" id={shipment.id} title="Staff actions" />}
    </Modal>
  );
}

import type { StaffShipment } from '@hopbox/contracts/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/lib/staff-keys';

export interface StaffShipmentChange {
  readyToShip?: boolean;
  consolidationStatus?: 'Pending' | 'In Progress' | 'Completed';
  awb?: string | null;
  shipmentStatus?: 'Processed' | 'Shipped' | 'Delivered';
  /** ISO date and time with offset. */
  processingDate?: string | null;
}

/** PUT /api/staff/shipments/{id}: consolidation fields, or the dispatch of a paid shipment. */
export function useUpdateStaffShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: StaffShipmentChange }) =>
      (await api.put<{ success: true; data: StaffShipment }>(`/api/staff/shipments/${id}`, change)).data,
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.shipments });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit('shipment', id) });
    },
  });
}

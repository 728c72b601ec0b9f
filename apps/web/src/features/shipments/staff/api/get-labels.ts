import { api } from '@/lib/api-client';

/** GET /api/staff/shipments/{id}/label: a booked shipment's 100 × 150 mm label, as a PDF. */
export async function fetchLabel(id: number): Promise<Blob> {
  const { data } = await api.GET('/api/staff/shipments/{id}/label', { params: { path: { id } }, parseAs: 'blob' });
  return data as Blob;
}

/** GET /api/staff/shipments/labels?ids=…: the labels of booked shipments, in that order, in one PDF. */
export async function fetchLabels(ids: readonly number[]): Promise<Blob> {
  const { data } = await api.GET('/api/staff/shipments/labels', { params: { query: { ids: ids.join(',') } }, parseAs: 'blob' });
  return data as Blob;
}

/** GET /api/staff/shipments/{id}/commercial-invoice: a paid shipment's commercial invoice for customs, an A4 PDF. */
export async function fetchStaffCommercialInvoice(id: number): Promise<Blob> {
  const { data } = await api.GET('/api/staff/shipments/{id}/commercial-invoice', { params: { path: { id } }, parseAs: 'blob' });
  return data as Blob;
}

/** GET /api/staff/shipments/{id}/packing-slip: the packer's A4 slip (destination, the customer's note, the pick list). */
export async function fetchPackingSlip(id: number): Promise<Blob> {
  const { data } = await api.GET('/api/staff/shipments/{id}/packing-slip', { params: { path: { id } }, parseAs: 'blob' });
  return data as Blob;
}

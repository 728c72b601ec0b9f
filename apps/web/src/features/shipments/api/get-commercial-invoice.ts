import { api } from '@/lib/api-client';

/** GET /api/user/shipments/{id}/commercial-invoice: the paid shipment's commercial invoice, an A4 PDF. */
export async function fetchCommercialInvoice(id: number): Promise<Blob> {
  const { data } = await api.GET('/api/user/shipments/{id}/commercial-invoice', { params: { path: { id } }, parseAs: 'blob' });
  return data as Blob;
}

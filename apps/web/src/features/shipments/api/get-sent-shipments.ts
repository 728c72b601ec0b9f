import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

export interface SentShipmentsParams {
  page: number;
  pageSize: number;
  /** Server-side search over the shipment ID, its package IDs, the AWB, the host code, the status, origin and destination. */
  q: string;
}

/** GET /api/user/shipments/sent with page, pageSize and q: one page of paid shipments, newest order first, and the total. */
export const sentShipmentsQuery = ({ page, pageSize, q }: SentShipmentsParams) =>
  queryOptions({
    queryKey: [...shipmentKeys.sent, { page, pageSize, q }],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/user/shipments/sent', { params: { query: { page, pageSize, q: q || undefined } }, signal })),
  });

/** The previous page stays on screen while the next one loads. */
export function useSentShipments(params: SentShipmentsParams) {
  return useQuery({ ...sentShipmentsQuery(params), placeholderData: keepPreviousData });
}

/**
 * The shipment a tracking link names, when it is not on the page shown: searched for by its ID (20 rows: a longer ID
 * can contain a shorter), and the one whose ID is exactly that kept. Another account's, or a mistyped ID, is null.
 */
export const useLinkedSentShipment = (shipmentId: string | null) =>
  useQuery({
    ...sentShipmentsQuery({ page: 1, pageSize: 20, q: shipmentId ?? '' }),
    enabled: shipmentId !== null,
    select: (found) => found.data.find((s) => s.shipmentId === shipmentId) ?? null,
  });

import { consolidatedShipmentsQuery } from '@/features/shipments/api/get-consolidated-shipments';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The consolidated shipments. */
export const prefetchPageData = () => prefetchWhenSignedIn((client) => void client.prefetchQuery(consolidatedShipmentsQuery));

import { sentShipmentsQuery } from '@/features/shipments/api/get-sent-shipments';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The sent shipments. */
export const prefetchPageData = () => prefetchWhenSignedIn((client) => void client.prefetchQuery(sentShipmentsQuery));

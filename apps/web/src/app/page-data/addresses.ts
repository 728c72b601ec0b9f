import { addressesQuery } from '@/features/addresses/api/get-addresses';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The address book. */
export const prefetchPageData = () => prefetchWhenSignedIn((client) => void client.prefetchQuery(addressesQuery));

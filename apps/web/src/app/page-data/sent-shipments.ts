import { PAGE_SIZE } from '@hopbox/contracts/constants';
import { sentShipmentsQuery } from '@/features/shipments/api/get-sent-shipments';
import { parseListParams } from '@/lib/list-params';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The page of sent shipments the address names (its page and search; the list is 10 a page), as the page asks for it. */
export const prefetchPageData = (url: URL) => {
  const { page, q } = parseListParams(url.searchParams, { pageSizes: [PAGE_SIZE] });
  return prefetchWhenSignedIn((client) => void client.prefetchQuery(sentShipmentsQuery({ page, pageSize: PAGE_SIZE, q })));
};
